using System.Buffers;

namespace AccBackup.Storage;

/// <summary>A write-only stream that stages blocks as it fills and commits them all at the end: nothing is visible
/// until <see cref="CommitAsync"/>, and memory stays at one block whatever the size written.</summary>
public sealed class BlockUploadStream : Stream
{
    private readonly BlobContainer container;
    private readonly string blobName;
    private readonly List<string> blockIds = [];
    private byte[] block;
    private int filled;

    /// <summary>Creates a stream that writes <paramref name="blobName"/> in blocks of <paramref name="blockSize"/> bytes.</summary>
    public BlockUploadStream(BlobContainer container, string blobName, int blockSize = 4 << 20)
    {
        this.container = container;
        this.blobName = blobName;
        block = ArrayPool<byte>.Shared.Rent(blockSize);
    }

    /// <inheritdoc />
    public override bool CanRead => false;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => true;

    /// <inheritdoc />
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    /// <summary>Stages what is buffered and commits every block; returns the blob's etag.</summary>
    public async Task<string> CommitAsync(BlobWriteOptions options, CancellationToken cancellationToken)
    {
        await StageAsync(cancellationToken).ConfigureAwait(false);
        return await container.CommitBlockListAsync(blobName, blockIds, options, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        while (!buffer.IsEmpty)
        {
            var take = Math.Min(buffer.Length, block.Length - filled);
            buffer[..take].CopyTo(block.AsMemory(filled));
            filled += take;
            buffer = buffer[take..];
            if (filled == block.Length)
            {
                await StageAsync(cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <inheritdoc />
    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    /// <inheritdoc />
    public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <inheritdoc />
    public override void Flush()
    {
    }

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count) =>
        throw new NotSupportedException("Write asynchronously: staging a block is network I/O.");

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing && block.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(block);
            block = [];
        }

        base.Dispose(disposing);
    }

    private async Task StageAsync(CancellationToken cancellationToken)
    {
        if (filled == 0)
        {
            return;
        }

        var id = BlobBlockIds.FromIndex(blockIds.Count);
        await container.StageBlockAsync(blobName, id, block.AsMemory(0, filled), cancellationToken).ConfigureAwait(false);
        blockIds.Add(id);
        filled = 0;
    }
}
