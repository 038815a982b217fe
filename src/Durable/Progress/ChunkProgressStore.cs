using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Progress;

/// <summary>The files each copy activity of a run has stored, one small blob per chunk in the state container
/// (<c>runs/{runId}/progress/…</c>, counts in its metadata): what lets a running run's files copied move within seconds of
/// bytes landing rather than when a chunk of up to Backup:FilesPerChunk files ends.</summary>
/// <remarks>While a run goes, its files and bytes copied are the sum of these records alone (a copy is counted nowhere
/// else until the run ends), so a chunk is never counted twice and no count drops when a chunk ends. Never overstated: a
/// record counts only files whose blob is committed.</remarks>
public sealed class ChunkProgressStore([FromKeyedServices(BlobContainer.StateKey)] BlobContainer state)
{
    private const string CopiedKey = "copied";
    private const string BytesKey = "bytescopied";

    /// <summary>Where the progress records of run <paramref name="runId"/> are.</summary>
    public static string Prefix(string runId) => RunLayout.RunFolder(runId) + "progress/";

    /// <summary>The progress record of the copy of <paramref name="inventoryChunk"/>.</summary>
    public static string BlobName(string inventoryChunk) => inventoryChunk.Replace("/inventory/", "/progress/", StringComparison.Ordinal);

    /// <summary>Records what the copy of <paramref name="inventoryChunk"/> has stored so far (replacing the last record).</summary>
    public async Task WriteAsync(string inventoryChunk, ChunkProgress progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(progress);
        var metadata = new Dictionary<string, string> { [CopiedKey] = Text(progress.Copied), [BytesKey] = Text(progress.BytesCopied) };
        await state.UploadAsync(BlobName(inventoryChunk), ReadOnlyMemory<byte>.Empty, new BlobUploadOptions { Metadata = metadata }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The sum of run <paramref name="runId"/>'s records: what its copies have stored so far.</summary>
    public async Task<ChunkProgress> SumAsync(string runId, CancellationToken cancellationToken)
    {
        var sum = ChunkProgress.None;
        try
        {
            await foreach (var blob in state.ListAsync(Prefix(runId), cancellationToken).ConfigureAwait(false))
            {
                sum = sum.Add(new ChunkProgress(Read(blob, CopiedKey), Read(blob, BytesKey)));
            }
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ContainerNotFound)
        {
            // A run that has not prepared yet (which creates the container) has copied nothing.
        }

        return sum;
    }

    private static string Text(long value) => value.ToString(CultureInfo.InvariantCulture);

    private static long Read(BlobDescription blob, string key) =>
        blob.Metadata.TryGetValue(key, out var text) && long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : 0;
}
