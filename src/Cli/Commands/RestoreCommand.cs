using System.CommandLine;
using AccBackup.AccRestore;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Restore;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Cli.Commands;

/// <summary><c>restore</c>: writes a run's files into a folder in the ACC layout, each SHA-256 checked, or (<c>--to-acc</c>) plans and
/// with <c>--apply</c> restores them into ACC; exit 2 when any could not be or a different local file was left in place.</summary>
internal static class RestoreCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var run = new Option<string?>("--run") { Description = "The run id, or 'latest' (every run kept is restorable)" };
        var asOf = ValueOptions.Time("--as-of", "Restore the last run finished at or before this time (ISO 8601, e.g. 2026-11-20T06:00:00Z; without an offset, UTC) instead of --run");
        var to = new Option<string?>("--to") { Description = "The folder to restore into (created when missing); nothing is written outside it" };
        var toAcc = new Option<string?>("--to-acc")
        {
            Description = "Restore into ACC instead: each file back to its own project and folder, or under TARGET (\"Project name/Folder/Sub folder\"), keeping paths relative to --path. Prints the plan; writes only with --apply",
            Arity = ArgumentArity.ZeroOrOne,
            HelpName = "TARGET",
        };
        var apply = new Option<bool>("--apply") { Description = "With --to-acc: carry the plan out (without it nothing in ACC changes)" };
        var allVersions = new Option<bool>("--all-versions") { Description = "With --to-acc: an upload replays every stored version of the file, oldest first (default: the night's version only)" };
        var restoreId = new Option<string?>("--restore-id") { Description = "With --to-acc: the restore's id (its record is $acc-backup/restores/ID/); the same id again resumes a killed restore, or does nothing once it finished. Default: restore-<UTC time>" };
        var project = new Option<string?>("--project") { Description = "Only this project (name or id)" };
        var path = new Option<string?>("--path") { Description = "Only files whose ACC path (with or without the project) starts with this prefix" };
        var overwrite = new Option<bool>("--overwrite") { Description = "Replace local files that differ from the backup (without it they are left as they are, reported, and the exit code is 2)" };
        var version = ValueOptions.Number("--version", "Restore this version of the one file --path names, from the newest run that holds it (its tip, an earlier version, or the kept copy of a file deleted or moved since: see 'history')", 1);
        var issues = new Option<bool>("--issues") { Description = "Restore the run's ACC Issues instead of its files: per project Issues/issues.json, issues.csv and attachments, each SHA-256 checked" };
        var modules = new Option<string?>("--modules") { Description = "Restore these modules of the run instead of its files, comma-separated (sheets, members, rfis, forms, photos, permissions, attributes, issues): per project Sheets/sheets.json, sheets.csv and pdfs/, Members/…, RFIs/…, Forms/…, Photos/…, Issues/…, each SHA-256 checked" };
        var command = new Command("restore", "Restore a run's stored files, or one version of a file, or its issues and other modules, into a folder; or its files back into ACC (--to-acc)")
        {
            run, asOf, to, toAcc, apply, allVersions, restoreId, project, path, overwrite, version, issues, modules,
        };

        // Decided from which options were given, never from their values: validators run before values are converted, and
        // reading one that does not convert throws (dotnet/command-line-api#2645); its own parser reports it instead.
        command.Validators.Add(result =>
        {
            var chosen = new Option[] { run, asOf, version }.Count(option => result.GetResult(option) is not null);
            var toFolder = result.GetResult(to) is not null;
            var intoAcc = result.GetResult(toAcc) is not null;
            if (toFolder == intoAcc)
            {
                result.AddError("Give one of --to DIR (a local folder) and --to-acc [TARGET] (back into ACC).");
            }

            if (!intoAcc && new Option[] { apply, allVersions, restoreId }.Any(option => result.GetResult(option) is not null))
            {
                result.AddError("--apply, --all-versions and --restore-id go with --to-acc.");
            }

            if (intoAcc && (result.GetResult(overwrite) is not null || result.GetResult(issues) is not null || result.GetResult(modules) is not null))
            {
                result.AddError("--to-acc never overwrites (it adds versions) and restores files, not issues or modules: leave out --overwrite, --issues and --modules.");
            }

            if ((toFolder || intoAcc) && chosen != 1)
            {
                result.AddError("Give exactly one of --run (a run id or 'latest'), --as-of (a time) and --version (a version of the file --path names).");
            }

            // A flag's value always converts: a token that is not true or false is never taken as its value.
            if (result.GetValue(issues) && (result.GetResult(run) is null || result.GetResult(project) is not null || result.GetResult(path) is not null))
            {
                result.AddError("--issues restores every project's issues of one run: give --run (a run id or 'latest'), without --project or --path.");
            }

            if (result.GetResult(modules) is not null && (result.GetResult(run) is null || result.GetResult(project) is not null || result.GetResult(path) is not null || result.GetValue(issues)))
            {
                result.AddError("--modules restores every project's modules of one run: give --run (a run id or 'latest'), without --project, --path or --issues.");
            }

            if (result.GetResult(version) is not null && (result.GetResult(path) is not { Tokens: [{ Value: { } file }, ..] } || string.IsNullOrWhiteSpace(file)))
            {
                result.AddError("--version restores one file: give its ACC path with --path.");
            }
        });
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            var at = parse.GetValue(asOf);
            if (parse.GetValue(issues))
            {
                return CommandAction.ExecuteAsync(context, values, token => RestoreIssuesAsync(context, values, parse.GetValue(run)!, parse.GetValue(to)!, parse.GetValue(overwrite), token), ct);
            }

            if (parse.GetValue(modules) is { } names)
            {
                var list = names.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(n => n.ToLowerInvariant()).ToList();
                return CommandAction.ExecuteAsync(context, values, token => RestoreModulesAsync(context, values, parse.GetValue(run)!, list, parse.GetValue(to)!, parse.GetValue(overwrite), token), ct);
            }

            if (parse.GetResult(toAcc) is not null)
            {
                var accRequest = new AccRestoreRequest(
                    parse.GetValue(restoreId) ?? "restore-" + context.Time.GetUtcNow().ToString("yyyyMMdd-HHmmss", System.Globalization.CultureInfo.InvariantCulture),
                    parse.GetValue(run) ?? "latest", at, parse.GetValue(project), parse.GetValue(path), parse.GetValue(version), parse.GetValue(toAcc),
                    parse.GetValue(apply), parse.GetValue(allVersions));
                return CommandAction.ExecuteAsync(context, values, token => RestoreIntoAccAsync(context, values, accRequest, token), ct);
            }

            var request = new RestoreRequest(parse.GetValue(run) ?? "latest", parse.GetValue(to)!, parse.GetValue(project), parse.GetValue(path), parse.GetValue(overwrite), at, parse.GetValue(version));
            return CommandAction.ExecuteAsync(context, values, token => RestoreAsync(context, values, request, token), ct);
        });
        return command;
    }

    private static async Task<int> RestoreIssuesAsync(CliContext context, GlobalValues values, string runId, string destination, bool overwrite, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForStorage(configuration, context, values.LogLevel);
        var report = await services.GetRequiredService<IssueRestorer>().RestoreAsync(runId, destination, overwrite, cancellationToken).ConfigureAwait(false);
        await JsonOutput.WriteOrViewAsync(context, values.Json, report, CliJsonContext.Default.RestoreReport, RestoreView.Write, cancellationToken).ConfigureAwait(false);
        return report.Succeeded ? ExitCodes.Success : ExitCodes.Incomplete;
    }

    private static async Task<int> RestoreModulesAsync(
        CliContext context, GlobalValues values, string runId, IReadOnlyList<string> modules, string destination, bool overwrite, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForStorage(configuration, context, values.LogLevel);
        var report = await services.GetRequiredService<ModuleRestorer>().RestoreAsync(runId, modules, destination, overwrite, cancellationToken).ConfigureAwait(false);
        await JsonOutput.WriteOrViewAsync(context, values.Json, report, CliJsonContext.Default.RestoreReport, RestoreView.Write, cancellationToken).ConfigureAwait(false);
        return report.Succeeded ? ExitCodes.Success : ExitCodes.Incomplete;
    }

    private static async Task<int> RestoreIntoAccAsync(CliContext context, GlobalValues values, AccRestoreRequest request, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForAccRestore(configuration, context, values.LogLevel);
        var restorer = services.GetRequiredService<AccRestorer>();
        var status = new StatusDisplay<RestoreApplyProgress>(context, p => $"Restored {p.Done:N0} of {p.Total:N0} files into ACC");
        var result = await status.ShowWhileAsync($"Planning restore {request.RestoreId} against ACC…", restorer.RunAsync(request, status, cancellationToken)).ConfigureAwait(false);
        await JsonOutput.WriteOrViewAsync(context, values.Json, result, CliJsonContext.Default.AccRestoreResult, AccRestoreView.Write, cancellationToken).ConfigureAwait(false);
        return result.Succeeded ? ExitCodes.Success : ExitCodes.Incomplete;
    }

    private static async Task<int> RestoreAsync(CliContext context, GlobalValues values, RestoreRequest request, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForStorage(configuration, context, values.LogLevel);
        var restorer = services.GetRequiredService<RunRestorer>();
        var status = new StatusDisplay<RestoreProgress>(context, p => $"Restored {p.Done:N0} of {p.Total:N0} files ({Units.Bytes(p.Bytes)})");
        var reading = request switch
        {
            { Version: { } number } => $"Finding the newest run that holds version {number} of {request.PathPrefix}…",
            { AsOf: { } time } => $"Finding the last run finished by {time:O}…",
            _ => $"Reading the manifest of run {request.RunId}…",
        };
        var report = await status.ShowWhileAsync(reading, restorer.RestoreAsync(request, status, cancellationToken)).ConfigureAwait(false);
        await JsonOutput.WriteOrViewAsync(context, values.Json, report, CliJsonContext.Default.RestoreReport, RestoreView.Write, cancellationToken).ConfigureAwait(false);

        return report.Succeeded ? ExitCodes.Success : ExitCodes.Incomplete;
    }
}
