using AccBackup.Restore;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>restore</c> prints: the files not restored, then one line of totals.</summary>
internal static class RestoreView
{
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

        var totals = $"{Units.Count(report.Restored)} of {Units.Count(report.Selected)} files ({Units.Bytes(report.Bytes)}) of run {Markup.Escape(report.RunId)} into {Markup.Escape(report.Destination)}";
        console.MarkupLine(report.Succeeded ? $"[green]Restored[/] {totals}, each SHA-256 checked." : $"[red]Restore incomplete:[/] {totals}.");
    }
}
