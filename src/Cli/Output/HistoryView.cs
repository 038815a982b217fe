using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>history</c> prints: one row per run and version that holds the file (earlier versions marked), oldest run first.</summary>
internal static class HistoryView
{
    public static void Write(IAnsiConsole console, HistoryOutput history)
    {
        if (history.Runs.Count == 0)
        {
            console.MarkupLine($"No kept run holds {Markup.Escape(history.Path)}.");
            return;
        }

        var table = new Table().Border(TableBorder.Rounded).AddColumn("run").AddColumn("finished (UTC)").AddColumn("status")
            .AddColumn(new TableColumn("version").RightAligned()).AddColumn(new TableColumn("size").RightAligned()).AddColumn("sha256").AddColumn("blob");
        foreach (var run in history.Runs)
        {
            table.AddRow(
                new Text(run.RunId), new Text(run.RunFinishedAt.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)),
                new Text(ManifestStatusNames.Of(run.Status) + (run.EarlierVersion ? " (earlier version)" : "")), new Text(run.VersionNumber?.ToString(CultureInfo.InvariantCulture) ?? ""),
                new Text(run.StoredSize is { } size ? Units.Bytes(size) : ""), new Text(run.Sha256 is { Length: > 12 } sha ? sha[..12] : run.Sha256 ?? ""),
                new Text(run.BlobName ?? ""));
        }

        console.Write(table);
    }
}
