using System.IO.Pipelines;
using Azure.Storage;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Storage;

/// <summary>Uploads of unknown length: the SDK stages blocks as bytes arrive and commits them at the end.</summary>
public sealed partial class BlobContainer
{
    /// <summary>The block size of streamed uploads unless the caller says otherwise.</summary>
    public const int DefaultStreamBlockSize = 4 << 20;

    /// <summary>
    /// Uploads <paramref name="content"/> to its end as blocks of <paramref name="blockSize"/> bytes (each checked against
    /// its MD5), one at a time, then commits them: nothing is visible before the commit; memory stays at about one block.
    /// </summary>
    public Task<string> UploadAsync(
        string blobName, Stream content, BlobWriteOptions? options, CancellationToken cancellationToken, int blockSize = DefaultStreamBlockSize)
    {
        var operation = BlobOperationFor("Upload", blobName);
        ArgumentNullException.ThrowIfNull(content);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(blockSize);
        var write = ValidWriteOptions(options);
        var upload = new BlobUploadOptions
        {
            HttpHeaders = new BlobHttpHeaders { ContentType = write.ContentType, ContentHash = write.ContentMd5 },
            Metadata = Metadata(write),
            Conditions = write.Conditions?.ToRequestConditions(),
            TransferOptions = new StorageTransferOptions { InitialTransferSize = blockSize, MaximumTransferSize = blockSize, MaximumConcurrency = 1 },
        };
        return RunAsync(operation, async token =>
        {
            var info = await clients.Transfer.GetBlobClient(blobName).UploadAsync(content, upload, token).ConfigureAwait(false);
            return StoredBlob.Quoted(info.Value.ETag);
        }, cancellationToken);
    }

    /// <summary>Uploads what <paramref name="writeContent"/> writes, as <see cref="UploadAsync(string, Stream, BlobWriteOptions?, CancellationToken, int)"/> does.</summary>
    /// <remarks>For producers that push (serializers, text writers): a pipe hands their bytes to the SDK as they come.
    /// If the producer throws, nothing is committed and its exception surfaces.</remarks>
    public async Task<string> UploadAsync(
        string blobName, Func<Stream, CancellationToken, Task> writeContent, BlobWriteOptions? options, CancellationToken cancellationToken)
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
}
