using System.Buffers;
using AccBackup.Storage;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Manifest.Serialization;

/// <summary>One manifest file written in one pass as staged blocks: its body is staged as it is produced, and its head —
/// what is known only once the body is done, such as the summary — is staged last and committed first.</summary>
/// <remarks>Memory stays at about one block (<see cref="BlobContainer.DefaultStreamBlockSize"/>) whatever the number of
/// files; nothing is visible before the commit.</remarks>
internal sealed class ManifestBlob(BlobContainer container, string blobName)
{
    private const int BlockSize = BlobContainer.DefaultStreamBlockSize;
    private readonly ArrayBufferWriter<byte> pending = new(BlockSize + (BlockSize / 4));
    private readonly List<string> body = [];

    /// <summary>The blob's name.</summary>
    public string Name => blobName;

    /// <summary>Where the body's next bytes go; call <see cref="StageFullBlockAsync"/> after each record.</summary>
    public IBufferWriter<byte> Body => pending;

    /// <summary>Stages the body written so far once it fills a block.</summary>
    public Task StageFullBlockAsync(CancellationToken cancellationToken) =>
        pending.WrittenCount >= BlockSize ? StagePendingAsync(cancellationToken) : Task.CompletedTask;

    /// <summary>Stages the rest of the body and <paramref name="head"/>, then commits the head followed by the body.</summary>
    public async Task CommitAsync(ReadOnlyMemory<byte> head, BlobUploadOptions options, CancellationToken cancellationToken)
    {
        if (head.IsEmpty)
        {
            throw new ArgumentException("A manifest file's head cannot be empty.", nameof(head));
        }

        await StagePendingAsync(cancellationToken).ConfigureAwait(false);

        // Index 0 is kept for the head: the body's blocks are numbered from 1 as they are staged.
        var headId = BlobBlockIds.FromIndex(0);
        await container.StageBlockAsync(blobName, headId, head, cancellationToken).ConfigureAwait(false);
        await container.CommitBlockListAsync(blobName, [headId, .. body], options, cancellationToken).ConfigureAwait(false);
    }

    private async Task StagePendingAsync(CancellationToken cancellationToken)
    {
        if (pending.WrittenCount == 0)
        {
            return;
        }

        var id = BlobBlockIds.FromIndex(body.Count + 1);
        await container.StageBlockAsync(blobName, id, pending.WrittenMemory, cancellationToken).ConfigureAwait(false);
        body.Add(id);
        pending.ResetWrittenCount();
    }
}
