using System.CommandLine;
using AccBackup.Cli.Hosting;
using AccBackup.Cli.Output;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Cli.Commands;

/// <summary><c>history</c>: the runs and versions that hold one file, oldest first; exit 2 when no run holds it.</summary>
internal static class HistoryCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var path = new Argument<string>("path") { Description = "The file's ACC path, with or without its project (e.g. \"Tower A/Project Files/Model.rvt\")" };
        var command = new Command("history", "List the runs and versions that hold a file (restore one with restore --path PATH --version N, or a night's with --run ID)") { path };
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            return CommandAction.ExecuteAsync(context, values, token => ShowAsync(context, values, parse.GetValue(path)!, token), ct);
        });
        return command;
    }

    private static async Task<int> ShowAsync(CliContext context, GlobalValues values, string path, CancellationToken cancellationToken)
    {
        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var services = CliServices.ForStorage(configuration, context, values.LogLevel);
        var entries = await services.GetRequiredService<FileHistory>().ReadAsync(path, cancellationToken).ConfigureAwait(false);
        var output = new HistoryOutput(path, entries);
        await JsonOutput.WriteOrViewAsync(context, values.Json, output, CliJsonContext.Default.HistoryOutput, HistoryView.Write, cancellationToken).ConfigureAwait(false);
        return entries.Count > 0 ? ExitCodes.Success : ExitCodes.Incomplete;
    }
}
