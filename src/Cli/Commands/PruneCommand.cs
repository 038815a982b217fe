using System.CommandLine;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Retention;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Cli.Commands;

/// <summary><c>prune</c>: removes the runs outside the retention policy, then the blobs no kept run references; exit 2 when
/// storage refused a delete for another reason than retention.</summary>
internal static class PruneCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var daily = ValueOptions.Count("--keep-daily", "Days with a run to keep the newest run of", 0, RetentionPolicy.DefaultDaily);
        var weekly = ValueOptions.Count("--keep-weekly", "ISO weeks (Monday to Sunday, UTC) with a run to keep the newest run of", 0, RetentionPolicy.DefaultWeekly);
        var monthly = ValueOptions.Count("--keep-monthly", "Months with a run to keep the newest run of", 0, RetentionPolicy.DefaultMonthly);
        var dryRun = new Option<bool>("--dry-run") { Description = "Delete nothing: print the runs and blobs a prune would remove" };
        var command = new Command(
            "prune",
            "Remove the runs outside a retention policy (the newest run is always kept), then the backed-up blobs no kept run references; blobs under a retention policy or legal hold are never touched")
        {
            daily, weekly, monthly, dryRun,
        };
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            var policy = new RetentionPolicy(parse.GetValue(daily), parse.GetValue(weekly), parse.GetValue(monthly));
            return CommandAction.ExecuteAsync(context, values, token => PruneAsync(context, values, policy, parse.GetValue(dryRun), token), ct);
        });
        return command;
    }

    private static async Task<int> PruneAsync(CliContext context, GlobalValues values, RetentionPolicy policy, bool dryRun, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForPrune(configuration, context, values.LogLevel);
        var pruner = services.GetRequiredService<RunPruner>();
        var status = new StatusDisplay<string>(context, s => s);
        var report = await status.ShowWhileAsync(dryRun ? "Reading the runs and listing the container (dry run)…" : "Pruning…", pruner.PruneAsync(policy, dryRun, cancellationToken)).ConfigureAwait(false);
        await JsonOutput.WriteOrViewAsync(context, values.Json, report, CliJsonContext.Default.PruneReport, PruneView.Write, cancellationToken).ConfigureAwait(false);

        return report.Succeeded ? ExitCodes.Success : ExitCodes.Incomplete;
    }
}
