using Azure;
using Azure.Storage.Blobs.Models;
using Azure.Storage.Blobs.Specialized;

namespace AccBackup.Storage;

/// <summary>Server-side copy: the service pulls a block's bytes from a URL itself, so they never pass through this process.</summary>
public sealed partial class BlobContainer
{
    /// <summary>
    /// Put Block From URL: the service reads <paramref name="length"/> bytes at <paramref name="offset"/> of
    /// <paramref name="source"/> and stages them under <paramref name="blockId"/>, invisible until committed.
    /// </summary>
    /// <remarks>
    /// <paramref name="source"/> carries its own authorization (a signed URL); it is never logged. A service that can't
    /// reach or verify it answers <see cref="BlobErrorCodes.CannotVerifyCopySource"/>; one without the API answers 501.
    /// </remarks>
    public Task StageBlockFromUrlAsync(string blobName, string blockId, Uri source, long offset, long length, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Stage block from URL", blobName);
        BlobBlockIds.Validate(blockId, nameof(blockId));
        ArgumentNullException.ThrowIfNull(source);
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(length);
        var options = new StageBlockFromUriOptions { SourceRange = new HttpRange(offset, length) };
        return RunAsync(operation, async token =>
        {
            await clients.Transfer.GetBlockBlobClient(blobName).StageBlockFromUriAsync(source, blockId, options, token).ConfigureAwait(false);
            return true;
        }, cancellationToken);
    }

    /// <summary>Get Block List (uncommitted): the size of every staged, not yet committed block of the blob, by block id.</summary>
    /// <remarks>What a commit would make of them, checked before committing: the service's own count of the bytes it staged.
    /// Empty when nothing is staged (the service then knows no such blob).</remarks>
    public Task<IReadOnlyDictionary<string, long>> GetStagedBlockSizesAsync(string blobName, CancellationToken cancellationToken) =>
        RunAsync(BlobOperationFor("Get staged blocks", blobName), async token =>
        {
            Response<BlockList> list;
            try
            {
                list = await clients.Control.GetBlockBlobClient(blobName)
                    .GetBlockListAsync(BlockListTypes.Uncommitted, snapshot: null, conditions: null, token).ConfigureAwait(false);
            }
            catch (RequestFailedException e) when (IsBlobMissing(e))
            {
                return new Dictionary<string, long>();
            }

            var sizes = new Dictionary<string, long>(StringComparer.Ordinal);
            foreach (var block in list.Value.UncommittedBlocks ?? [])
            {
                sizes[block.Name] = block.SizeLong;
            }

            return (IReadOnlyDictionary<string, long>)sizes;
        }, cancellationToken);
}
