using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace AccBackup.Cli.Output;

/// <summary>Writes one JSON document to standard output, straight to the writer (never through the terminal renderer, which wraps lines).</summary>
internal static class JsonOutput
{
    public static async Task WriteAsync<T>(TextWriter output, T value, JsonTypeInfo<T> typeInfo, CancellationToken cancellationToken)
    {
        await output.WriteLineAsync(JsonSerializer.Serialize(value, typeInfo).AsMemory(), cancellationToken).ConfigureAwait(false);
        await output.FlushAsync(cancellationToken).ConfigureAwait(false);
    }
}
