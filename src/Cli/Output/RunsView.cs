using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>What <c>runs</c> prints: one row per run, newest first.</summary>
internal static class RunsView
{
    public static void Write(IAnsiConsole console, RunsOutput runs)
    {
        if (runs.Runs.Count == 0)
        {
            console.MarkupLine($"No backup runs in container {Markup.Escape(runs.Container)} yet.");
            return;
        }

        var table = new Table().Border(TableBorder.Rounded).AddColumn("run").AddColumn("started (UTC)").AddColumn(new TableColumn("duration").RightAligned())
            .AddColumn(new TableColumn("files").RightAligned()).AddColumn(new TableColumn("copied").RightAligned())
            .AddColumn(new TableColumn("failed").RightAligned()).AddColumn(new TableColumn("stored").RightAligned()).AddColumn("status");
        foreach (var run in runs.Runs)
        {
            if (run.Summary is not { } s)
            {
                table.AddRow(new Text(run.RunId), new Text(""), new Text(""), new Text(""), new Text(""), new Text(""), new Text(""), new Text("unreadable: " + run.Error));
                continue;
            }

            var status = s.Failed > 0 || s.FailedProjects.Count > 0 ? "[red]incomplete[/]" : s.Planned > 0 ? "dry run" : "[green]complete[/]";
            table.AddRow(
                new Text(run.RunId), new Text(s.StartedAt.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture)),
                new Text(Units.Duration(TimeSpan.FromSeconds(s.DurationSeconds))), new Text(Units.Count(s.Files)), new Text(Units.Count(s.Copied)),
                new Text(Units.Count(s.Failed)), new Text(Units.Bytes(s.Bytes)), new Markup(status));
        }

        console.Write(table);
    }
}
