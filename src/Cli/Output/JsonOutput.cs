using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using AccBackup.Cli.Hosting;
using Spectre.Console;

namespace AccBackup.Cli.Output;

/// <summary>Writes one JSON document to standard output, straight to the writer (never through the terminal renderer, which wraps lines).</summary>
internal static class JsonOutput
{
    /// <summary>A command's result: one JSON document with <c>--json</c>, else its console view.</summary>
    public static Task WriteOrViewAsync<T>(
        CliContext context, bool json, T value, JsonTypeInfo<T> typeInfo, Action<IAnsiConsole, T> view, CancellationToken cancellationToken)
    {
        if (json)
        {
            return WriteAsync(context.Output, value, typeInfo, cancellationToken);
        }

        view(context.Console, value);
        return Task.CompletedTask;
    }

    public static async Task WriteAsync<T>(TextWriter output, T value, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken)
    {
        await output.WriteLineAsync(JsonSerializer.Serialize(value, typeInfo).AsMemory(), cancellationToken).ConfigureAwait(false);
        await output.FlushAsync(cancellationToken).ConfigureAwait(false);
    }
}
