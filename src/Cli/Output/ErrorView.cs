using AccBackup.Cli.Hosting;

namespace AccBackup.Cli.Output;

/// <summary>How a command says it could not do its work: lines on standard error, and with --json also a JSON error on standard output.</summary>
internal static class ErrorView
{
    public static async Task WriteAsync(CliContext context, bool json, string message, IReadOnlyList<string>? details = null)
    {
        await context.Error.WriteLineAsync($"error: {message}").ConfigureAwait(false);
        foreach (var detail in details ?? [])
        {
            await context.Error.WriteLineAsync($"  - {detail}").ConfigureAwait(false);
        }

        await context.Error.FlushAsync().ConfigureAwait(false);
        if (json)
        {
            await JsonOutput.WriteAsync(context.Output, new ErrorOutput(message, details), CliJsonContext.Default.ErrorOutput, CancellationToken.None).ConfigureAwait(false);
        }
    }
}
