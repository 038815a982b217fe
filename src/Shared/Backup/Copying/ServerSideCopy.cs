using AccBackup.Backup.Settings;
using AccBackup.Backup.SignedDownloads;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Backup.Copying;

/// <summary>Copies one file with Put Block From URL: the storage service pulls each block from the signed URL itself.</summary>
/// <remarks>
/// No file byte passes through this process, so nothing here can hash them: what is checked is the size, by the
/// service's own count of what it staged, against the size APS stated, before the commit. Objects in OSS are immutable
/// (a new ACC version is a new object), so the source can't change between blocks; a different size is an integrity
/// failure and nothing is committed.
/// </remarks>
internal sealed class ServerSideCopy(BlobContainer container, TransferSlots slots, CopyOptions options)
{
    /// <summary>Stages <paramref name="size"/> bytes from <paramref name="lease"/>'s URL, checks them, commits with <paramref name="write"/>.</summary>
    /// <exception cref="ServerCopyRefusedException">The service would not copy from this source: stream the file instead.</exception>
    public async Task CopyAsync(FileCopyRequest request, SignedUrlLease lease, long size, BlobUploadOptions write, CancellationToken cancellationToken)
    {
        var plan = new BlockPlan(options.ServerBlockSizeFor(size), size);

        // The first block alone: a service that refuses the source refuses it once, not once per block in flight.
        await StageAsync(request, lease, plan, 0, cancellationToken).ConfigureAwait(false);
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = options.ParallelBlocksPerFile, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(Enumerable.Range(1, plan.Count - 1), parallel, async (index, token) =>
        {
            // A slot per request in flight, as streamed blocks take: holds no buffer, bounds the load on the service.
            using var slot = await slots.EnterAsync(token).ConfigureAwait(false);
            await StageAsync(request, lease, plan, index, token).ConfigureAwait(false);
        }).ConfigureAwait(false);

        var staged = await container.GetStagedBlockSizesAsync(request.BlobName, cancellationToken).ConfigureAwait(false);
        for (var index = 0; index < plan.Count; index++)
        {
            var bytes = staged.TryGetValue(plan.BlockId(index), out var found) ? found : -1;
            if (bytes != plan.SizeOf(index))
            {
                throw new FileIntegrityException($"the service staged {bytes} bytes for block {index}, expected {plan.SizeOf(index)} of the {size} APS stated");
            }
        }

        await container.CommitBlockListAsync(request.BlobName, plan.BlockIds(), write, cancellationToken).ConfigureAwait(false);
    }

    private async Task StageAsync(FileCopyRequest request, SignedUrlLease lease, BlockPlan plan, int index, CancellationToken cancellationToken)
    {
        var signed = await lease.GetAsync(cancellationToken).ConfigureAwait(false);
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                await container.StageBlockFromUrlAsync(request.BlobName, plan.BlockId(index), signed.Url, plan.OffsetOf(index), plan.SizeOf(index), cancellationToken)
                    .ConfigureAwait(false);
                return;
            }
            catch (RequestFailedException e) when (IsRefusal(e) && e.Status == 403 && attempt == 1)
            {
                // The source answered 403 to the service: the signed URL may have expired since it was handed out. Once more with a fresh one.
                signed = await lease.RenewAsync(signed, cancellationToken).ConfigureAwait(false);
            }
            catch (RequestFailedException e) when (IsRefusal(e))
            {
                throw new ServerCopyRefusedException(e);
            }
        }
    }

    // The service can't reach, read or trust the source (CannotVerifyCopySource), or lacks the API (501).
    private static bool IsRefusal(RequestFailedException e) => e.ErrorCode == BlobErrorCode.CannotVerifyCopySource || e.Status == 501;
}

/// <summary>The storage service would not copy from the source URL: the file is streamed instead.</summary>
internal sealed class ServerCopyRefusedException(RequestFailedException refusal)
    : Exception($"{refusal.Status} {refusal.ErrorCode ?? "(no code)"}", refusal);
