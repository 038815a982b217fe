using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Progress;

/// <summary>The files copy activities in flight have ended so far, one small blob per chunk in the state container
/// (<c>runs/{runId}/progress/…</c>, counts in its metadata): what lets a run's status move within seconds of bytes landing
/// rather than when a chunk of up to Backup:FilesPerChunk files ends.</summary>
/// <remarks>Never overstated: a chunk's blob counts only files whose blob is committed (or found stored, or failed), and it
/// is deleted before the activity returns, so a chunk is counted by its blob or by its orchestration's status, never by both
/// (the status counts a chunk only once its activity has returned).</remarks>
public sealed class ChunkProgressStore([FromKeyedServices(BlobContainer.StateKey)] BlobContainer state)
{
    private const string CopiedKey = "copied";
    private const string UnchangedKey = "unchanged";
    private const string FailedKey = "failed";
    private const string BytesKey = "bytescopied";

    /// <summary>Where the progress blobs of run <paramref name="runId"/> are.</summary>
    public static string Prefix(string runId) => RunLayout.RunFolder(runId) + "progress/";

    /// <summary>The progress blob of the copy of <paramref name="inventoryChunk"/>.</summary>
    public static string BlobName(string inventoryChunk) => inventoryChunk.Replace("/inventory/", "/progress/", StringComparison.Ordinal);

    /// <summary>Records what the copy of <paramref name="inventoryChunk"/> has ended so far (replacing the last record).</summary>
    public async Task WriteAsync(string inventoryChunk, ChunkProgress progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(progress);
        var metadata = new Dictionary<string, string>
        {
            [CopiedKey] = Text(progress.Copied), [UnchangedKey] = Text(progress.Unchanged), [FailedKey] = Text(progress.Failed), [BytesKey] = Text(progress.BytesCopied),
        };
        await state.UploadAsync(BlobName(inventoryChunk), ReadOnlyMemory<byte>.Empty, new BlobUploadOptions { Metadata = metadata }, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Drops the record of <paramref name="inventoryChunk"/>: its activity's result counts its files from now on.</summary>
    public Task DeleteAsync(string inventoryChunk, CancellationToken cancellationToken) => state.DeleteIfExistsAsync(BlobName(inventoryChunk), cancellationToken);

    /// <summary>The sum of run <paramref name="runId"/>'s records: the files of the chunks being copied now.</summary>
    public async Task<ChunkProgress> SumAsync(string runId, CancellationToken cancellationToken)
    {
        var sum = ChunkProgress.None;
        try
        {
            await foreach (var blob in state.ListAsync(Prefix(runId), cancellationToken).ConfigureAwait(false))
            {
                sum = sum.Add(new ChunkProgress(Read(blob, CopiedKey), Read(blob, UnchangedKey), Read(blob, FailedKey), Read(blob, BytesKey)));
            }
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ContainerNotFound)
        {
            // A run that has not prepared yet (which creates the container) copies nothing.
        }

        return sum;
    }

    private static string Text(long value) => value.ToString(CultureInfo.InvariantCulture);

    private static long Read(StoredBlob blob, string key) =>
        blob.Metadata.TryGetValue(key, out var text) && long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : 0;
}
