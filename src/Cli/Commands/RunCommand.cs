using System.CommandLine;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Retry;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;
using Spectre.Console;

namespace AccBackup.Cli.Commands;

/// <summary><c>run</c>: one backup now, with live progress and a summary; exit 0 when every file was stored, 2 when some failed.</summary>
internal static class RunCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var demo = new Option<bool>("--demo") { Description = "Back up the APS emulator's demo account, started in this process (storage still comes from the settings)" };
        var projects = new Option<string?>("--projects") { Description = "Only these projects: comma-separated names or ids (overrides Backup:IncludeProjects)" };
        var exclude = new Option<string?>("--exclude-projects") { Description = "Leave out these projects: comma-separated names or ids (overrides Backup:ExcludeProjects)" };
        var dryRun = new Option<bool>("--dry-run") { Description = "List and plan only: copy nothing; the manifest records what would be copied" };
        var forceCopy = new Option<bool>("--force-copy") { Description = "Trust nothing the latest run recorded: list every folder and check every version against its blob (stored blobs are never replaced)" };
        var full = new Option<bool>("--full") { Description = "List every folder, ignoring the previous run's state (unchanged versions are still not recopied)" };
        var runId = new Option<string?>("--run-id") { Description = "Id of the run (letters, digits, '-', '_', '.'); default: from the start time" };
        var command = new Command("run", "Back up the account now") { demo, projects, exclude, dryRun, forceCopy, full, runId };
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            var request = new BackupRunRequest(parse.GetValue(runId), parse.GetValue(projects), parse.GetValue(exclude), parse.GetValue(dryRun), parse.GetValue(forceCopy), parse.GetValue(full));
            return CommandAction.ExecuteAsync(context, values, token => RunAsync(context, values, request, parse.GetValue(demo), token), ct);
        });
        return command;
    }

    private static async Task<int> RunAsync(CliContext context, GlobalValues values, BackupRunRequest request, bool demo, CancellationToken cancellationToken)
    {
        if (request.RunId is not null)
        {
            _ = RunLayout.Json(request.RunId); // a bad id is refused before anything starts
        }

        await using var emulator = demo ? await DemoEmulator.StartAsync(cancellationToken).ConfigureAwait(false) : null;
        var configuration = CliSettings.Build(context, values.SettingsFile, [.. emulator?.Settings ?? [], .. values.Overrides]);
        await using var services = CliServices.ForRun(configuration, context, values.LogLevel);
        // The containers are the run's to check (PrepareRunActivity): a backup container gone after earlier runs fails the run, never
        // silently starts over in a new one; only a very first run on an account key creates them.
        var container = services.GetRequiredService<BlobContainer>();
        var runner = services.GetRequiredService<BackupRunner>();

        BackupRunResult result;
        if (values.Json)
        {
            result = await runner.RunAsync(request, null, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            if (emulator is not null)
            {
                context.Console.MarkupLine($"Demo: APS emulator at {emulator.BaseUrl} with the demo account ({emulator.Files} files).");
            }

            context.Console.MarkupLine($"Backing up into container [bold]{Markup.Escape(container.Uri.ToString())}[/]{(request.DryRun ? " (dry run)" : "")}.");
            var display = new RunProgressDisplay(context, services.GetRequiredService<ApsRetryMonitor>());
            result = await display.ShowWhileAsync(runner.RunAsync(request, display, cancellationToken)).ConfigureAwait(false);
        }

        var manifest = result.Manifest;
        var output = new RunOutput(
            manifest.RunId, manifest.Manifest, manifest.Csv, $"{container.Uri}/{manifest.Manifest}", $"{container.Uri}/{manifest.Csv}", request.DryRun, result.Summary);
        await JsonOutput.WriteOrViewAsync(context, values.Json, output, CliJsonContext.Default.RunOutput, RunSummaryView.Write, cancellationToken).ConfigureAwait(false);

        // A project whose issues or other module could not be read makes the run incomplete (2), as a failed file does: its files are all stored.
        var s = result.Summary;
        return s.Failed == 0 && s.FailedProjects.Count == 0 && (s.Issues?.FailedProjects.Count ?? 0) == 0 && (s.Modules?.Coverage.Count ?? 0) == 0
            && s.Proof?.FoundLoss != true ? ExitCodes.Success : ExitCodes.Incomplete;
    }
}
