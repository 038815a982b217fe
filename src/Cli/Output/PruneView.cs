using System.Globalization;
using AccBackup.Retention;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>prune</c> prints: each run kept or removed, the blobs removed (the first few by name), then the totals.</summary>
internal static class PruneView
{
    private const int MaxBlobsShown = 20;

    public static void Write(IAnsiConsole console, PruneReport report)
    {
        if (report.Runs.Count == 0)
        {
            console.MarkupLine($"No backup run in container {Markup.Escape(report.Container)}: nothing to prune.");
            return;
        }

        var remove = report.DryRun ? "would remove" : "removed";
        var table = new Table().Border(TableBorder.Rounded).AddColumn("run").AddColumn("started (UTC)").AddColumn("decision")
            .AddColumn(new TableColumn("run folder (blobs, bytes)").RightAligned());
        foreach (var run in report.Runs)
        {
            var decision = run.Removed ? $"[yellow]{remove}[/]" : "kept: " + string.Join(", ", run.KeptFor.Select(r => r.ToString().ToLowerInvariant()));
            table.AddRow(
                new Text(run.RunId), new Text(run.StartedAt.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)),
                new Markup(decision + (run.Note is null ? "" : Markup.Escape($" ({run.Note})"))),
                new Text(run.Removed ? $"{Units.Count(run.Blobs)} ({Units.Bytes(run.Bytes)})" : ""));
        }

        console.Write(table);
        WriteBlobs(console, report.DryRun ? "Blobs no kept run references (would be removed):" : "Blobs removed:", report.RemovedBlobs);
        WriteBlobs(console, "[yellow]Kept under a retention policy or legal hold[/] (never deleted while it holds):", report.RetainedBlobs);
        if (report.Holds.ImmutabilityPolicy || report.Holds.LegalHold)
        {
            console.MarkupLine(report.Holds.LegalHold
                ? "The container has a legal hold: nothing in it can be deleted until it is cleared."
                : "The container has a time-based retention policy: blobs younger than its period are kept.");
        }

        // One short line each: the terminal wraps long lines.
        var removedRuns = report.Runs.Where(r => r.Removed).ToList();
        console.MarkupLine(report.Refusal is { } refusal
            ? $"[red]Prune stopped:[/] {Markup.Escape(refusal)}\nRemoved so far:"
            : report.DryRun ? "[bold]Dry run, nothing deleted.[/] A prune would remove:" : "[green]Pruned.[/] Removed:");
        console.WriteLine($"  {Units.Count(report.RunsRemoved)} runs: {Units.Count(removedRuns.Sum(r => r.Blobs))} manifest and run-record blobs, {Units.Bytes(removedRuns.Sum(r => r.Bytes))}");
        console.WriteLine($"  {Units.Count(report.BlobsRemoved)} backed-up blobs no kept run references: {Units.Bytes(report.RemovedBlobs.Sum(b => b.Bytes))}");
        console.WriteLine($"  {Units.Bytes(report.BytesFreed)} in all. Kept: {Units.Count(report.RunsKept)} runs; {Units.Count(report.BlobsRetained)} blobs under retention.");
    }

    private static void WriteBlobs(IAnsiConsole console, string title, IReadOnlyList<PrunedBlob> blobs)
    {
        if (blobs.Count == 0)
        {
            return;
        }

        console.MarkupLine($"{title} {Units.Count(blobs.Count)} ({Units.Bytes(blobs.Sum(b => b.Bytes))})");
        foreach (var blob in blobs.Take(MaxBlobsShown))
        {
            console.WriteLine($"  {blob.Name}  {Units.Bytes(blob.Bytes)}" + (blob.Reason is null ? "" : $"  ({blob.Reason})"));
        }

        if (blobs.Count > MaxBlobsShown)
        {
            console.WriteLine($"  … and {Units.Count(blobs.Count - MaxBlobsShown)} more (--json lists them all)");
        }
    }
}
