using System.CommandLine;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Cli.Commands;

/// <summary><c>runs</c>: the recent runs recorded in the container, newest first.</summary>
internal static class RunsCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var top = ValueOptions.Count("--top", "How many runs to list", 1, 10);
        var command = new Command("runs", "List recent backup runs") { top };
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            return CommandAction.ExecuteAsync(context, values, token => ListAsync(context, values, parse.GetValue(top), token), ct);
        });
        return command;
    }

    private static async Task<int> ListAsync(CliContext context, GlobalValues values, int top, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForStorage(configuration, context, values.LogLevel);
        var container = services.GetRequiredService<BlobContainer>();
        var runs = await services.GetRequiredService<RunHistory>().ListAsync(top, cancellationToken).ConfigureAwait(false);
        var output = new RunsOutput(container.Uri.ToString(), runs);
        await JsonOutput.WriteOrViewAsync(context, values.Json, output, CliJsonContext.Default.RunsOutput, RunsView.Write, cancellationToken).ConfigureAwait(false);

        return ExitCodes.Success;
    }
}
