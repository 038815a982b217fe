using System.Buffers;
using System.Text;
using System.Text.Json;
using AccBackup.Storage;

namespace AccBackup.Manifest;

/// <summary>Writes a run's manifest (JSON, summary first, then every file), its CSV twin and the latest-run pointer.</summary>
/// <remarks>Both files are streamed into staged blocks (<see cref="BlobContainer.UploadAsync(string, Func{Stream, CancellationToken, Task}, BlobWriteOptions?, CancellationToken)"/>): memory stays at a few MiB for any number of files.</remarks>
public sealed class ManifestWriter(BlobContainer container)
{
    private const int FormatVersion = 1;
    private const int FlushThreshold = 64 * 1024;

    /// <summary>Writes the manifest of <paramref name="summary"/>'s run; <paramref name="entries"/> is enumerated twice.</summary>
    /// <param name="updateLatest">Whether the latest-run pointer moves to this run (not for dry runs).</param>
    public async Task<LatestRun> WriteAsync(ManifestSummary summary, Func<IAsyncEnumerable<ManifestEntry>> entries, CancellationToken cancellationToken, bool updateLatest = true)
    {
        var run = new LatestRun(summary.RunId, RunLayout.Json(summary.RunId), RunLayout.Csv(summary.RunId), summary);
        await container.UploadAsync(run.Manifest, (stream, ct) => WriteJsonAsync(run, entries(), stream, ct), new BlobWriteOptions { ContentType = "application/json" }, cancellationToken).ConfigureAwait(false);
        await container.UploadAsync(run.Csv, (stream, ct) => WriteCsvAsync(entries(), stream, ct), new BlobWriteOptions { ContentType = "text/csv; charset=utf-8" }, cancellationToken).ConfigureAwait(false);

        if (!updateLatest)
        {
            return run;
        }

        // The pointer moves last: it only ever names a manifest that is complete.
        var pointer = JsonSerializer.SerializeToUtf8Bytes(run, ManifestJsonContext.Default.LatestRun);
        await container.UploadAsync(RunLayout.LatestPointer, pointer, new BlobWriteOptions { ContentType = "application/json" }, cancellationToken).ConfigureAwait(false);
        return run;
    }

    private static async Task WriteJsonAsync(LatestRun run, IAsyncEnumerable<ManifestEntry> entries, Stream stream, CancellationToken cancellationToken)
    {
        // The serializer flushes synchronously, so it writes to memory and we move full chunks to the stream.
        var pending = new ArrayBufferWriter<byte>(FlushThreshold * 2);
        using (var json = new Utf8JsonWriter(pending))
        {
            json.WriteStartObject();
            json.WriteNumber("formatVersion", FormatVersion);
            json.WritePropertyName("summary");
            JsonSerializer.Serialize(json, run.Summary, ManifestJsonContext.Default.ManifestSummary);
            json.WriteStartArray("files");
            await foreach (var entry in entries.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                JsonSerializer.Serialize(json, entry, ManifestJsonContext.Default.ManifestEntry);
                if (pending.WrittenCount > FlushThreshold)
                {
                    await MoveAsync(pending, stream, cancellationToken).ConfigureAwait(false);
                }
            }

            json.WriteEndArray();
            json.WriteEndObject();
            json.Flush();
        }

        await MoveAsync(pending, stream, cancellationToken).ConfigureAwait(false);
    }

    private static async Task MoveAsync(ArrayBufferWriter<byte> pending, Stream stream, CancellationToken cancellationToken)
    {
        await stream.WriteAsync(pending.WrittenMemory, cancellationToken).ConfigureAwait(false);
        pending.ResetWrittenCount();
    }

    private static async Task WriteCsvAsync(IAsyncEnumerable<ManifestEntry> entries, Stream stream, CancellationToken cancellationToken)
    {
        await using (var text = new StreamWriter(stream, new UTF8Encoding(encoderShouldEmitUTF8Identifier: true), 64 * 1024, leaveOpen: true))
        {
            await text.WriteAsync(ManifestCsv.Header.AsMemory(), cancellationToken).ConfigureAwait(false);
            await text.WriteAsync("\r\n".AsMemory(), cancellationToken).ConfigureAwait(false);
            await foreach (var entry in entries.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                await text.WriteAsync(ManifestCsv.Row(entry).AsMemory(), cancellationToken).ConfigureAwait(false);
                await text.WriteAsync("\r\n".AsMemory(), cancellationToken).ConfigureAwait(false);
            }

            await text.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
    }
}
