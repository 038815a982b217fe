using AccBackup.Restore;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>restore</c> prints: the files not restored, the local files left in place, then one line of totals.</summary>
internal static class RestoreView
{
    private const int MaxSkippedShown = 20;

    public static void Write(IAnsiConsole console, RestoreReport report)
    {
        if (report.Failures.Count > 0)
        {
            var table = new Table().Border(TableBorder.Simple).Title("Not restored").AddColumn("path").AddColumn("reason");
            foreach (var failure in report.Failures)
            {
                table.AddRow(new Text(failure.Path), new Text(failure.Reason));
            }

            console.Write(table);
        }

        if (report.Skipped.Count > 0)
        {
            console.MarkupLine($"[yellow]{Units.Count(report.Skipped.Count)} local files differ from the backup and were left as they are[/] (--overwrite replaces them):");
            foreach (var skipped in report.Skipped.Take(MaxSkippedShown))
            {
                console.WriteLine("  " + skipped.Path);
            }

            if (report.Skipped.Count > MaxSkippedShown)
            {
                console.WriteLine($"  … and {Units.Count(report.Skipped.Count - MaxSkippedShown)} more (--json lists them all)");
            }
        }

        var totals = $"{Units.Count(report.Restored)} of {Units.Count(report.Selected)} files ({Units.Bytes(report.Bytes)}) of run {Markup.Escape(report.RunId)} into {Markup.Escape(report.Destination)}";
        var notes = string.Concat(
            report.Overwritten > 0 ? $"; {Units.Count(report.Overwritten)} overwritten" : string.Empty,
            report.AlreadyPresent > 0 ? $"; {Units.Count(report.AlreadyPresent)} already present and identical" : string.Empty,
            report.Skipped.Count > 0 ? $"; {Units.Count(report.Skipped.Count)} skipped (a different local file is there)" : string.Empty);
        console.MarkupLine(report.Succeeded ? $"[green]Restored[/] {totals}{notes}, each SHA-256 checked." : $"[red]Restore incomplete:[/] {totals}{notes}.");
    }
}
