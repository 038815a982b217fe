using System.CommandLine;
using AccBackup.BackupConsole.Hosting;
using AccBackup.Cli.Hosting;
using Microsoft.Extensions.Logging;

namespace AccBackup.Cli.Commands;

/// <summary><c>console</c>: the backup console in the browser, served on 127.0.0.1 from the configured storage until Ctrl-C.</summary>
internal static class ConsoleCommand
{
    public static Command Create(CliContext context, GlobalOptions global)
    {
        var port = ValueOptions.Count("--port", "The loopback port to listen on; 0 picks a free one", 0, 0);
        var command = new Command("console", "Open the backup console (nights, failures, browse and download any stored version) on 127.0.0.1") { port };
        command.SetAction((parse, ct) =>
        {
            var values = global.Read(parse);
            return CommandAction.ExecuteAsync(context, values, token => ServeAsync(context, values, parse.GetValue(port), token), ct);
        });
        return command;
    }

    private static async Task<int> ServeAsync(CliContext context, GlobalValues values, int port, CancellationToken cancellationToken)
    {
        if (port > ushort.MaxValue)
        {
            throw new ArgumentException($"--port must be 0 to {ushort.MaxValue} (got {port}).");
        }

        var configuration = CliSettings.Build(context, values.SettingsFile, values.Overrides);
        await using var server = await ConsoleServer.StartAsync(
            configuration, port, logging => logging.SetMinimumLevel(values.LogLevel).AddProvider(new WriterLoggerProvider(context.Error, values.LogLevel)), cancellationToken)
            .ConfigureAwait(false);
        await context.Output.WriteLineAsync($"Backup console: {server.Address} (this machine only; Ctrl-C stops it)").ConfigureAwait(false);
        await context.Output.FlushAsync(cancellationToken).ConfigureAwait(false);
        await server.WaitAsync(cancellationToken).ConfigureAwait(false);
        return ExitCodes.Success;
    }
}
