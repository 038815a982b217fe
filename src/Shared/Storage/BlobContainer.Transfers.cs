using System.IO.Pipelines;
using Azure;
using Azure.Storage;
using Azure.Storage.Blobs.Models;
using Azure.Storage.Blobs.Specialized;

namespace AccBackup.Storage;

/// <summary>The requests that carry blob bytes (on the transfer client, with the long attempt timeout): whole blobs, blocks
/// staged from memory or from a URL, block commits, streamed uploads and reads.</summary>
/// <remarks>Writes take the SDK's <see cref="BlobUploadOptions"/>: its <see cref="BlobUploadOptions.HttpHeaders"/> (the content
/// hash only where the service does not compute it), <see cref="BlobUploadOptions.Metadata"/> (checked by <see cref="BlobMetadata"/>)
/// and <see cref="BlobUploadOptions.Conditions"/>; how the bytes are split is decided here, not by the caller's transfer options.</remarks>
public sealed partial class BlobContainer
{
    /// <summary>The block size of streamed uploads unless the caller says otherwise.</summary>
    public const int DefaultStreamBlockSize = 4 << 20;

    /// <summary>Put Blob: <paramref name="content"/> as the whole blob in one request, checked by the service against its MD5
    /// (which it then stores as the blob's Content-MD5); returns the new ETag.</summary>
    public Task<string> UploadAsync(string blobName, ReadOnlyMemory<byte> content, BlobUploadOptions? options, CancellationToken cancellationToken)
    {
        var upload = Checked(options, new StorageTransferOptions { InitialTransferSize = content.Length + 1L }, withContentHash: false);

        // The initial transfer size above the content's length makes the SDK send one Put Blob and never split it.
        return RunAsync("Upload", Checked(blobName), async token =>
        {
            // A seekable stream over the caller's memory: a retry resends it from the start.
            var info = await clients.Transfer.GetBlockBlobClient(blobName)
                .UploadAsync(BinaryData.FromBytes(content).ToStream(), upload, token).ConfigureAwait(false);
            return BlobDescription.Quoted(info.Value.ETag);
        }, cancellationToken);
    }

    /// <summary>Put Block: stages <paramref name="content"/> (checked against its MD5) under <paramref name="blockId"/>, invisible until committed.</summary>
    /// <remarks>Block ids are base64 of at most 64 bytes, one length for all blocks of a blob: see <see cref="BlobBlockIds.FromIndex"/>.</remarks>
    public Task StageBlockAsync(string blobName, string blockId, ReadOnlyMemory<byte> content, CancellationToken cancellationToken)
    {
        BlobBlockIds.Validate(blockId, nameof(blockId));
        return RunAsync("Stage block", Checked(blobName), async token =>
        {
            await clients.Transfer.GetBlockBlobClient(blobName)
                .StageBlockAsync(blockId, BinaryData.FromBytes(content).ToStream(), options: null, token).ConfigureAwait(false);
            return true;
        }, cancellationToken);
    }

    /// <summary>
    /// Put Block From URL: the service reads <paramref name="length"/> bytes at <paramref name="offset"/> of
    /// <paramref name="source"/> and stages them under <paramref name="blockId"/>: the bytes never pass through this process.
    /// </summary>
    /// <remarks>
    /// <paramref name="source"/> carries its own authorization (a signed URL); it is never logged. A service that can't
    /// reach or verify it answers <see cref="BlobErrorCode.CannotVerifyCopySource"/>; one without the API answers 501.
    /// </remarks>
    public Task StageBlockFromUrlAsync(string blobName, string blockId, Uri source, long offset, long length, CancellationToken cancellationToken)
    {
        BlobBlockIds.Validate(blockId, nameof(blockId));
        ArgumentNullException.ThrowIfNull(source);
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(length);
        var options = new StageBlockFromUriOptions { SourceRange = new HttpRange(offset, length) };
        return RunAsync("Stage block from URL", Checked(blobName), async token =>
        {
            await clients.Transfer.GetBlockBlobClient(blobName).StageBlockFromUriAsync(source, blockId, options, token).ConfigureAwait(false);
            return true;
        }, cancellationToken);
    }

    /// <summary>Get Block List (uncommitted): the size of every staged, not yet committed block of the blob, by block id.</summary>
    /// <remarks>What a commit would make of them, checked before committing: the service's own count of the bytes it staged.
    /// Empty when nothing is staged (the service then knows no such blob).</remarks>
    public Task<IReadOnlyDictionary<string, long>> GetStagedBlockSizesAsync(string blobName, CancellationToken cancellationToken) =>
        RunAsync("Get staged blocks", Checked(blobName), async token =>
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

            return (IReadOnlyDictionary<string, long>)(list.Value.UncommittedBlocks ?? []).ToDictionary(b => b.Name, b => b.SizeLong, StringComparer.Ordinal);
        }, cancellationToken);

    /// <summary>Put Block List: makes the staged <paramref name="blockIds"/>, in order, the blob's content; returns the new ETag.</summary>
    /// <remarks>The service does not check a content hash given here: it stores it as the blob's Content-MD5.
    /// On the transfer client: committing a large blob is quick on Azure, but its time grows with the blob.</remarks>
    public Task<string> CommitBlockListAsync(string blobName, IReadOnlyList<string> blockIds, BlobUploadOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(blockIds);
        foreach (var blockId in blockIds)
        {
            BlobBlockIds.Validate(blockId, nameof(blockIds));
        }

        var write = Checked(options, transfer: default, withContentHash: true);
        var commit = new CommitBlockListOptions { HttpHeaders = write.HttpHeaders, Metadata = write.Metadata, Conditions = write.Conditions };
        return RunAsync("Commit block list", Checked(blobName), async token =>
        {
            var info = await clients.Transfer.GetBlockBlobClient(blobName).CommitBlockListAsync(blockIds, commit, token).ConfigureAwait(false);
            return BlobDescription.Quoted(info.Value.ETag);
        }, cancellationToken);
    }

    /// <summary>
    /// Uploads <paramref name="content"/> to its end as blocks of <paramref name="blockSize"/> bytes (each checked against
    /// its MD5), one at a time, then commits them: nothing is visible before the commit; memory stays at about one block.
    /// </summary>
    public Task<string> UploadAsync(
        string blobName, Stream content, BlobUploadOptions? options, CancellationToken cancellationToken, int blockSize = DefaultStreamBlockSize)
    {
        ArgumentNullException.ThrowIfNull(content);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(blockSize);
        var upload = Checked(options, new StorageTransferOptions { InitialTransferSize = blockSize, MaximumTransferSize = blockSize, MaximumConcurrency = 1 }, withContentHash: true);
        return RunAsync("Upload", Checked(blobName), async token =>
        {
            var info = await clients.Transfer.GetBlobClient(blobName).UploadAsync(content, upload, token).ConfigureAwait(false);
            return BlobDescription.Quoted(info.Value.ETag);
        }, cancellationToken);
    }

    /// <summary>Uploads what <paramref name="writeContent"/> writes, as <see cref="UploadAsync(string, Stream, BlobUploadOptions?, CancellationToken, int)"/> does.</summary>
    /// <remarks>For producers that push (serializers, text writers): a pipe hands their bytes to the SDK as they come.
    /// If the producer throws, nothing is committed and its exception surfaces.</remarks>
    public async Task<string> UploadAsync(
        string blobName, Func<Stream, CancellationToken, Task> writeContent, BlobUploadOptions? options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(writeContent);
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 2 * DefaultStreamBlockSize, resumeWriterThreshold: DefaultStreamBlockSize));
        var uploading = UploadFromAsync(pipe.Reader);

        // Not disposed: disposing would complete the pipe as if the producer had finished, and commit what it wrote.
        var writer = pipe.Writer.AsStream(leaveOpen: true);
        try
        {
            await writeContent(writer, cancellationToken).ConfigureAwait(false);
            await writer.FlushAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            // The upload then fails reading the pipe, before any commit; its failure is this one's echo.
            await pipe.Writer.CompleteAsync(e).ConfigureAwait(false);
            await Task.WhenAny(uploading).ConfigureAwait(false);
            _ = uploading.Exception;
            throw;
        }

        await pipe.Writer.CompleteAsync().ConfigureAwait(false);
        return await uploading.ConfigureAwait(false);

        async Task<string> UploadFromAsync(PipeReader reader)
        {
            // Disposing the reader's stream completes it, so a producer still writing is never left waiting.
            var stream = reader.AsStream();
            await using (stream.ConfigureAwait(false))
            {
                await Task.Yield();
                return await UploadAsync(blobName, stream, options, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <summary>Get Blob: streams the blob, or <paramref name="length"/> bytes from <paramref name="offset"/>; dispose the stream.</summary>
    /// <remarks>The SDK's stream resumes from where it got to when the connection drops mid-read.</remarks>
    public Task<Stream> OpenReadAsync(string blobName, long? offset, long? length, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(offset ?? 0, nameof(offset));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(length ?? 1, nameof(length));
        var range = offset is null && length is null ? default : new HttpRange(offset ?? 0, length);
        return RunAsync("Read", Checked(blobName), async token =>
        {
            var download = await clients.Transfer.GetBlobClient(blobName)
                .DownloadStreamingAsync(new BlobDownloadOptions { Range = range }, token).ConfigureAwait(false);
            return download.Value.Content;
        }, cancellationToken);
    }

    // The caller's write options, checked (metadata, MD5 length), copied with this call's transfer options: the caller's
    // instance is never changed. Put Blob stores the MD5 the service verified itself, so no hash is taken from the caller there.
    private static BlobUploadOptions Checked(BlobUploadOptions? options, StorageTransferOptions transfer, bool withContentHash)
    {
        var headers = options?.HttpHeaders;
        if (headers?.ContentHash is { Length: not 16 })
        {
            throw new ArgumentException("HttpHeaders.ContentHash must be the 16-byte MD5 of the whole blob.", nameof(options));
        }

        if (options?.Metadata is { } metadata)
        {
            BlobMetadata.Validate(metadata, nameof(options));
        }

        if (options is { Tags: not null } or { AccessTier: not null } or { LegalHold: not null } or { ImmutabilityPolicy: not null }
            or { TransferValidation: not null } or { ProgressHandler: not null })
        {
            // The backup's blobs get their tier, holds and retention from the container's policies (infra/bicep), never per write.
            throw new ArgumentException("Only HttpHeaders, Metadata and Conditions of the upload options are used here.", nameof(options));
        }

        return new BlobUploadOptions
        {
            HttpHeaders = new BlobHttpHeaders
            {
                ContentType = headers?.ContentType,
                ContentEncoding = headers?.ContentEncoding,
                ContentLanguage = headers?.ContentLanguage,
                ContentDisposition = headers?.ContentDisposition,
                CacheControl = headers?.CacheControl,
                ContentHash = withContentHash ? headers?.ContentHash : null,
            },
            Metadata = options?.Metadata is null ? null : new Dictionary<string, string>(options.Metadata, StringComparer.OrdinalIgnoreCase),
            Conditions = options?.Conditions,
            TransferOptions = transfer,
        };
    }
}
