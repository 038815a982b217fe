using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>The table printed after a run: counts, failures, size mismatches and where the manifest is.</summary>
internal static class RunSummaryView
{
    private const int MaxRowsListed = 20;

    public static void Write(IAnsiConsole console, RunOutput run)
    {
        var s = run.Summary;
        var table = new Table().Border(TableBorder.Rounded).Title(run.DryRun ? "Dry run " + Markup.Escape(s.RunId) : "Run " + Markup.Escape(s.RunId))
            .AddColumn("").AddColumn(new TableColumn("").RightAligned()).HideHeaders();
        table.AddRow("Projects", Units.Count(s.Projects));
        table.AddRow("Folders", Units.Count(s.Folders));
        table.AddRow("Files", Units.Count(s.Files));
        table.AddRow("  copied", Units.Count(s.Copied));
        table.AddRow("  unchanged", Units.Count(s.Unchanged));
        table.AddRow("  no content", Units.Count(s.NoContent));
        if (run.DryRun || s.Planned > 0)
        {
            table.AddRow("  would copy", Units.Count(s.Planned));
        }

        table.AddRow(s.Failed > 0 ? "[red]  failed[/]" : "  failed", Units.Count(s.Failed));
        if (s.EarlierVersions > 0)
        {
            table.AddRow("Earlier versions stored", Units.Count(s.EarlierVersions));
        }

        table.AddRow("Size mismatches", Units.Count(s.SizeMismatchCount));
        table.AddRow("Projects incomplete", Units.Count(s.FailedProjects.Count));
        if (s.Issues is { } issues)
        {
            table.AddRow("Issues", Units.Count(issues.Issues));
            table.AddRow("  deleted", Units.Count(issues.DeletedIssues));
            table.AddRow(issues.VanishedIssues > 0 ? "[yellow]  no longer listed[/]" : "  no longer listed", Units.Count(issues.VanishedIssues));
            table.AddRow("  comments", Units.Count(issues.Comments));
            table.AddRow("  attachments", Units.Count(issues.Attachments));
            table.AddRow("  Docs files referenced", Units.Count(issues.AttachmentsReferenced));
            table.AddRow(issues.AttachmentFailures > 0 ? "[yellow]  attachments not stored[/]" : "  attachments not stored", Units.Count(issues.AttachmentFailures));
            table.AddRow(issues.FailedProjects.Count > 0 ? "[red]  projects failed[/]" : "  projects failed", Units.Count(issues.FailedProjects.Count));
        }

        foreach (var module in s.Modules?.Modules ?? [])
        {
            table.AddRow($"{Title(module.Module)} (projects)", Units.Count(module.Projects));
            foreach (var (name, count) in module.Counts)
            {
                table.AddRow(name.EndsWith("Failures", StringComparison.Ordinal) && count > 0 ? $"[yellow]  {Markup.Escape(name)}[/]" : $"  {Markup.Escape(name)}", Units.Count(count));
            }
        }

        if (s.Modules is { Coverage.Count: var notRead })
        {
            table.AddRow(notRead > 0 ? "[red]Project modules not read[/]" : "Project modules not read", Units.Count(notRead));
        }

        if (s.Proof is { } proof)
        {
            table.AddRow("Stored blobs proven", $"{Units.Count(proof.Proven)} of {Units.Count(proof.Checked)} ({Units.Count(proof.Hashed)} read whole)");
            table.AddRow(proof.FoundLoss ? "[red]  missing or damaged[/]" : "  missing or damaged", Units.Count(proof.Missing + proof.Damaged));
            table.AddRow("  stored again from ACC", Units.Count(proof.Restored));
        }

        table.AddRow("Bytes stored", Units.Bytes(s.Bytes));
        table.AddRow("Duration", Units.Duration(TimeSpan.FromSeconds(s.DurationSeconds)));
        console.Write(table);

        if (s.FailedProjects.Count > 0)
        {
            var failures = new Table().Border(TableBorder.Simple).Title("Projects not fully backed up").AddColumn("project").AddColumn("error");
            foreach (var failure in s.FailedProjects.Take(MaxRowsListed))
            {
                failures.AddRow(new Text(failure.ProjectName), new Text(failure.Error));
            }

            console.Write(failures);
        }

        if (s.Issues is { FailedProjects.Count: > 0 } failedIssues)
        {
            var failures = new Table().Border(TableBorder.Simple).Title("Projects whose issues were not backed up (their files were)").AddColumn("project").AddColumn("error");
            foreach (var failure in failedIssues.FailedProjects.Take(MaxRowsListed))
            {
                failures.AddRow(new Text(failure.ProjectName), new Text(failure.Error));
            }

            console.Write(failures);
        }

        if (s.Modules is { Coverage.Count: > 0 } coverage)
        {
            var gaps = new Table().Border(TableBorder.Simple).Title("Project modules not read (their files were backed up)")
                .AddColumn("project").AddColumn("module").AddColumn("why").AddColumn("detail");
            foreach (var gap in coverage.Coverage.Take(MaxRowsListed))
            {
                gaps.AddRow(new Text(gap.ProjectName), new Text(gap.Module), new Text(gap.Reason.ToString()), new Text(gap.Detail));
            }

            console.Write(gaps);
            WriteMore(console, coverage.Coverage.Count);
        }

        if (s.Proof is { Findings.Count: > 0 } found)
        {
            var findings = new Table().Border(TableBorder.Simple).Title("Stored blobs not as the backup stored them").AddColumn("path").AddColumn("found").AddColumn("now");
            foreach (var finding in found.Findings.Take(MaxRowsListed))
            {
                findings.AddRow(new Text(finding.Path), new Text(finding.Problem + ": " + finding.Detail), new Text(finding.RestoredTo is { } to ? "stored again as " + to : "not restored"));
            }

            console.Write(findings);
            WriteMore(console, found.Findings.Count);
        }

        if (s.SizeMismatches.Count > 0)
        {
            var mismatches = new Table().Border(TableBorder.Simple).Title("Stored, but not with the size APS reported")
                .AddColumn("path").AddColumn(new TableColumn("APS size").RightAligned()).AddColumn(new TableColumn("stored").RightAligned());
            foreach (var m in s.SizeMismatches.Take(MaxRowsListed))
            {
                mismatches.AddRow(new Text(m.Path), new Text(Units.Count(m.ApiSize)), new Text(Units.Count(m.StoredSize)));
            }

            console.Write(mismatches);
            WriteMore(console, s.SizeMismatches.Count);
        }

        console.MarkupLine($"Manifest: {Markup.Escape(run.ManifestUri)}");
        console.MarkupLine($"CSV:      {Markup.Escape(run.CsvUri)}");
        console.MarkupLine(Outcome(s, run.DryRun));
    }

    private static void WriteMore(IAnsiConsole console, int count)
    {
        if (count > MaxRowsListed)
        {
            console.MarkupLine($"[grey]… and {count - MaxRowsListed} more in the manifest.[/]");
        }
    }

    private static string Title(string module) => string.Concat(char.ToUpperInvariant(module[0]).ToString(), module[1..]);

    private static string Outcome(ManifestSummary s, bool dryRun) => (s.Failed, s.FailedProjects.Count, s.Modules?.Coverage.Count ?? s.Issues?.FailedProjects.Count ?? 0) switch
    {
        (0, 0, _) when dryRun => $"[green]Dry run complete:[/] {Units.Count(s.Planned)} files would be copied.",
        (0, 0, 0) when s.Proof is { FoundLoss: true } proof =>
            $"[red]Stored blobs were lost:[/] {Units.Count(proof.Missing + proof.Damaged)} missing or damaged, {Units.Count(proof.Restored)} stored again from ACC; the manifest says which.",
        (0, 0, 0) => "[green]Every file with content is stored and verified.[/]",
        (0, 0, var gaps) => $"[red]Incomplete:[/] every file is stored, but {gaps} project modules (issues, sheets, …) were not read; the manifest says which and why.",
        var (files, projects, _) => $"[red]Incomplete:[/] {Units.Count(files)} files failed, {projects} projects not fully listed; the manifest says why.",
    };
}
