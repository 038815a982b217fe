using AccBackup.Manifest;
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

    private static string Outcome(ManifestSummary s, bool dryRun) => (s.Failed, s.FailedProjects.Count) switch
    {
        (0, 0) when dryRun => $"[green]Dry run complete:[/] {Units.Count(s.Planned)} files would be copied.",
        (0, 0) => "[green]Every file with content is stored and verified.[/]",
        var (files, projects) => $"[red]Incomplete:[/] {Units.Count(files)} files failed, {projects} projects not fully listed; the manifest says why.",
    };
}
