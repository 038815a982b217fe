using System.Collections.Concurrent;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Logging;

namespace AccBackup.Retention;

/// <summary>Deletes blobs a few at a time, telling apart a delete a retention policy or legal hold refused (the blob is kept,
/// and the prune goes on) from one refused for any other reason, e.g. no delete right (the prune stops: the rest would fail too).</summary>
internal sealed class Deleter(ILogger logger)
{
    private const int Concurrency = 16;
    private volatile string? refusal;

    /// <summary>Why storage refused a delete for another reason than retention; null while none was.</summary>
    public string? Refusal => refusal;

    /// <summary>Deletes <paramref name="blobs"/> from <paramref name="container"/>; stops early after a refusal.</summary>
    public async Task<DeleteResult> DeleteAllAsync(BlobContainer container, IReadOnlyList<BlobDescription> blobs, CancellationToken cancellationToken)
    {
        var deleted = new ConcurrentBag<BlobDescription>();
        var held = new ConcurrentBag<PrunedBlob>();
        await Parallel.ForEachAsync(blobs, new ParallelOptions { MaxDegreeOfParallelism = Concurrency, CancellationToken = cancellationToken }, async (blob, token) =>
        {
            if (refusal is not null)
            {
                return;
            }

            try
            {
                if (await container.DeleteIfExistsAsync(blob.Name, token).ConfigureAwait(false))
                {
                    deleted.Add(blob);
                }
            }
            catch (RequestFailedException e) when (IsRetention(e))
            {
                PruneLog.BlobRetained(logger, blob.Name, e.Message);
                held.Add(new PrunedBlob(blob.Name, blob.Length, "retention policy or legal hold: " + e.ErrorCode));
            }
            catch (RequestFailedException e) when (e.Status == 403)
            {
                PruneLog.DeleteRefused(logger, blob.Name, e.Message);
                refusal ??= $"storage refused to delete '{blob.Name}' ({e.Message}). Prune needs the right to delete blobs in the backup container "
                    + "(e.g. the Storage Blob Data Contributor role for the credential you run it with); the Function App's identity has none when retention is on.";
            }
        }).ConfigureAwait(false);

        return new DeleteResult([.. deleted], [.. held], refusal is not null);
    }

    // Azure answers 409 BlobImmutableDueToPolicy under a time-based retention policy; a legal hold's refusal names it too.
    private static bool IsRetention(RequestFailedException e) =>
        e.ErrorCode == BlobErrorCode.BlobImmutableDueToPolicy
        || (e.ErrorCode is { } code && (code.Contains("Immutab", StringComparison.OrdinalIgnoreCase) || code.Contains("LegalHold", StringComparison.OrdinalIgnoreCase)));
}

/// <summary>What one <see cref="Deleter.DeleteAllAsync"/> did.</summary>
/// <param name="Deleted">The blobs deleted (a blob already gone is in neither list).</param>
/// <param name="Kept">The blobs a retention policy or legal hold kept.</param>
/// <param name="Refused">Whether a delete was refused for another reason (see <see cref="Deleter.Refusal"/>).</param>
internal sealed record DeleteResult(IReadOnlyList<BlobDescription> Deleted, IReadOnlyList<PrunedBlob> Kept, bool Refused)
{
    /// <summary>The first retention refusal's reason, or null.</summary>
    public string? Held => Kept.Count > 0 ? Kept[0].Reason : null;
}
