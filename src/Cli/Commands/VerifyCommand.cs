using System.CommandLine;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Verification;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Cli.Commands;

/// <summary><c>verify</c>: rereads a run's manifest and proves every stored file; exit 2 when any differs.</summary>
internal static class VerifyCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var run = new Option<string>("--run") { Description = "The run id, or 'latest'", DefaultValueFactory = _ => "latest" };
        var command = new Command("verify", "Check that every file a run stored is in storage with its recorded size, SHA-256 and version") { run };
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            return CommandAction.ExecuteAsync(context, values, token => VerifyAsync(context, values, parse.GetValue(run)!, token), ct);
        });
        return command;
    }

    private static async Task<int> VerifyAsync(CliContext context, GlobalValues values, string runId, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForStorage(configuration, context, values.LogLevel);
        var verifier = services.GetRequiredService<RunVerifier>();
        var status = new StatusDisplay<VerificationProgress>(context, p => $"Verified {p.Checked:N0} of {p.Total:N0} files ({Units.Bytes(p.Bytes)})");
        var report = await status.ShowWhileAsync($"Reading the manifest of run {runId}…", verifier.VerifyAsync(runId, status, cancellationToken)).ConfigureAwait(false);
        await JsonOutput.WriteOrViewAsync(context, values.Json, report, CliJsonContext.Default.VerificationReport, VerificationView.Write, cancellationToken).ConfigureAwait(false);

        return report.Succeeded ? ExitCodes.Success : ExitCodes.Incomplete;
    }
}
