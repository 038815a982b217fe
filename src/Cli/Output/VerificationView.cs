using AccBackup.Verification;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>verify</c> prints: the differences, then one line of totals.</summary>
internal static class VerificationView
{
    public static void Write(IAnsiConsole console, VerificationReport report)
    {
        if (report.Findings.Count > 0)
        {
            var table = new Table().Border(TableBorder.Simple).Title("Differences from the manifest")
                .AddColumn("problem").AddColumn("path").AddColumn("detail");
            foreach (var finding in report.Findings)
            {
                table.AddRow(new Text(finding.Problem.ToString()), new Text(finding.Path), new Text(finding.Detail));
            }

            console.Write(table);
        }

        var totals = $"run {Markup.Escape(report.RunId)}: {Units.Count(report.Checked)} stored files checked of {Units.Count(report.Entries)} entries, {Units.Bytes(report.Bytes)} hashed"
            + (report.SizeOnly > 0 ? $" ({Units.Count(report.SizeOnly)} copied by the storage service: length proven, no SHA-256 recorded)" : "");
        console.MarkupLine(report.Succeeded
            ? $"[green]Verified[/] {totals}; every file matches its manifest entry."
            : $"[red]{report.Findings.Count} differences[/] in {totals}.");
    }
}
