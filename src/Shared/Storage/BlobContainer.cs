// The backup's container, on Azure.Storage.Blobs. The SDK does the protocol (authentication, signing, retries,
// encoding, XML); this facade is the small surface the copy engine, manifest, verifier, restorer and CLI need, in
// the domain's terms: StoredBlob instead of BlobProperties/BlobItem, BlobWriteOptions instead of four SDK option
// types, and one exception, BlobStorageException, mapped from RequestFailedException in one place (RunAsync below).
// Clients are built once (BlobClientFactory); this type is a singleton, safe to share.
using Azure;
using Azure.Storage;
using Azure.Storage.Blobs;
using Azure.Storage.Blobs.Models;
using Azure.Storage.Blobs.Specialized;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Storage;

/// <summary>The backup's blob container: built once from <see cref="BlobStorageOptions"/>, safe to share, one connection pool.</summary>
/// <remarks>Every failure surfaces as <see cref="BlobStorageException"/>, after the SDK retried the transient ones (see <see cref="BlobRetrySettings"/>).</remarks>
public sealed partial class BlobContainer : IDisposable
{
    private readonly BlobClients clients;
    private readonly ILogger logger;

    /// <summary>The key of the state container's registration (<see cref="BlobStorageOptions.StateContainer"/>); the backup
    /// container is registered without a key.</summary>
    public const string StateKey = "state";

    /// <summary>Creates a client for the configured account and container, with no write-once guard: what tests and tools
    /// use to reach a container directly. The product's own clients come from <see cref="ForBackup"/> and <see cref="ForState"/>.</summary>
    /// <exception cref="OptionsValidationException">The options break a cross-setting rule (see <see cref="BlobStorageOptionsValidator"/>).</exception>
    public BlobContainer(IOptions<BlobStorageOptions> options, ILogger<BlobContainer> logger)
        : this(options?.Value ?? throw new ArgumentNullException(nameof(options)), null, BlobRetrySettings.Default, logger)
    {
    }

    /// <summary>Creates the client over <paramref name="primaryHandler"/> (a stub in tests; pooled sockets when null), which it then owns.</summary>
    /// <param name="containerName">The container; <see cref="BlobStorageOptions.ContainerName"/> when null.</param>
    /// <param name="writeOnce">Whether <see cref="WriteOncePolicy"/> refuses every overwrite and delete.</param>
    internal BlobContainer(
        BlobStorageOptions options, HttpMessageHandler? primaryHandler, BlobRetrySettings retry, ILogger<BlobContainer> logger, string? containerName = null, bool writeOnce = false)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(retry);
        ArgumentNullException.ThrowIfNull(logger);
        var validation = new BlobStorageOptionsValidator().Validate(null, options);
        if (validation.Failed)
        {
            throw new OptionsValidationException(BlobStorageOptions.SectionName, typeof(BlobStorageOptions), validation.Failures);
        }

        this.logger = logger;
        clients = BlobClientFactory.Create(options, containerName ?? options.ContainerName, writeOnce, primaryHandler, retry, logger);
    }

    /// <summary>The backup container: it only ever receives new blobs; any overwrite or delete is refused (<see cref="WriteOncePolicy"/>).</summary>
    public static BlobContainer ForBackup(BlobStorageOptions options, ILogger<BlobContainer> logger) =>
        new(options, null, BlobRetrySettings.Default, logger, writeOnce: true);

    /// <summary>The state container (<see cref="BlobStorageOptions.StateContainer"/>): pointers, tallies and working records, updated in place.</summary>
    public static BlobContainer ForState(BlobStorageOptions options, ILogger<BlobContainer> logger) =>
        new(options ?? throw new ArgumentNullException(nameof(options)), null, BlobRetrySettings.Default, logger, options.StateContainer);

    /// <summary>The backup container for <c>acc-backup prune</c> alone: without <see cref="WriteOncePolicy"/>, so it can delete
    /// runs outside the retention policy and the blobs no kept run references. Backups never use it; on Azure a time-based
    /// retention policy or legal hold still refuses its deletes while it holds.</summary>
    public static BlobContainer ForPrune(BlobStorageOptions options, ILogger<BlobContainer> logger) =>
        new(options, null, BlobRetrySettings.Default, logger);

    /// <summary>Get Container Properties: whether a time-based retention (immutability) policy or a legal hold covers the container.</summary>
    public Task<ContainerHolds> GetHoldsAsync(CancellationToken cancellationToken) =>
        RunAsync(new BlobOperation("Get container properties", Name), async token =>
        {
            var properties = (await clients.Control.GetPropertiesAsync(cancellationToken: token).ConfigureAwait(false)).Value;
            return new ContainerHolds(properties.HasImmutabilityPolicy == true, properties.HasLegalHold == true);
        }, cancellationToken);

    /// <summary>The container name.</summary>
    public string Name => clients.Control.Name;

    /// <summary>The container's address (no credentials in it).</summary>
    public Uri Uri => clients.Control.Uri;

    /// <summary>Creates the container unless it exists; true when this call created it.</summary>
    public Task<bool> CreateIfNotExistsAsync(CancellationToken cancellationToken) =>
        RunAsync(new BlobOperation("Create container", Name), async token =>
        {
            var created = await clients.Control.CreateIfNotExistsAsync(cancellationToken: token).ConfigureAwait(false);
            if (created is not null)
            {
                Log.ContainerCreated(logger, Name);
            }

            return created is not null;
        }, cancellationToken);

    /// <summary>Get Blob Properties: size, ETag, time, MD5 and metadata, or null when there is no such blob.</summary>
    public Task<StoredBlob?> GetPropertiesAsync(string blobName, CancellationToken cancellationToken) =>
        RunAsync(BlobOperationFor("Get properties", blobName), async token =>
        {
            try
            {
                var properties = await clients.Control.GetBlobClient(blobName).GetPropertiesAsync(cancellationToken: token).ConfigureAwait(false);
                return StoredBlob.From(blobName, properties.Value);
            }
            catch (RequestFailedException e) when (IsBlobMissing(e))
            {
                return null;
            }
        }, cancellationToken);

    /// <summary>Put Blob: <paramref name="content"/> as the whole blob in one request, checked by the service against its MD5; returns the new ETag.</summary>
    public Task<string> UploadAsync(string blobName, ReadOnlyMemory<byte> content, BlobWriteOptions? options, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Upload", blobName);
        var write = ValidWriteOptions(options);
        var upload = new BlobUploadOptions
        {
            HttpHeaders = new BlobHttpHeaders { ContentType = write.ContentType },
            Metadata = Metadata(write),
            Conditions = write.Conditions?.ToRequestConditions(),

            // Above the content's length, so the SDK sends one Put Blob (with its Content-MD5) and never splits it.
            TransferOptions = new StorageTransferOptions { InitialTransferSize = content.Length + 1L },
        };
        return RunAsync(operation, async token =>
        {
            // A seekable stream over the caller's memory: a retry resends it from the start.
            var info = await clients.Transfer.GetBlockBlobClient(blobName)
                .UploadAsync(BinaryData.FromBytes(content).ToStream(), upload, token).ConfigureAwait(false);
            return StoredBlob.Quoted(info.Value.ETag);
        }, cancellationToken);
    }

    /// <summary>Put Block: stages <paramref name="content"/> (checked against its MD5) under <paramref name="blockId"/>, invisible until committed.</summary>
    /// <remarks>Block ids are base64 of at most 64 bytes, one length for all blocks of a blob: see <see cref="BlobBlockIds.FromIndex"/>.</remarks>
    public Task StageBlockAsync(string blobName, string blockId, ReadOnlyMemory<byte> content, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Stage block", blobName);
        BlobBlockIds.Validate(blockId, nameof(blockId));
        return RunAsync(operation, async token =>
        {
            await clients.Transfer.GetBlockBlobClient(blobName)
                .StageBlockAsync(blockId, BinaryData.FromBytes(content).ToStream(), options: null, token).ConfigureAwait(false);
            return true;
        }, cancellationToken);
    }

    /// <summary>Put Block List: makes the staged <paramref name="blockIds"/>, in order, the blob's content; returns the new ETag.</summary>
    /// <remarks>On the transfer client: committing a large blob is quick on Azure, but its time grows with the blob.</remarks>
    public Task<string> CommitBlockListAsync(string blobName, IReadOnlyList<string> blockIds, BlobWriteOptions? options, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Commit block list", blobName);
        ArgumentNullException.ThrowIfNull(blockIds);
        foreach (var blockId in blockIds)
        {
            BlobBlockIds.Validate(blockId, nameof(blockIds));
        }

        var write = ValidWriteOptions(options);
        var commit = new CommitBlockListOptions
        {
            HttpHeaders = new BlobHttpHeaders { ContentType = write.ContentType, ContentHash = write.ContentMd5 },
            Metadata = Metadata(write),
            Conditions = write.Conditions?.ToRequestConditions(),
        };
        return RunAsync(operation, async token =>
        {
            var info = await clients.Transfer.GetBlockBlobClient(blobName).CommitBlockListAsync(blockIds, commit, token).ConfigureAwait(false);
            return StoredBlob.Quoted(info.Value.ETag);
        }, cancellationToken);
    }

    /// <summary>Get Blob: streams the blob, or <paramref name="length"/> bytes from <paramref name="offset"/>; dispose the stream.</summary>
    /// <remarks>The SDK's stream resumes from where it got to when the connection drops mid-read.</remarks>
    public Task<Stream> OpenReadAsync(string blobName, long? offset, long? length, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Read", blobName);
        ArgumentOutOfRangeException.ThrowIfNegative(offset ?? 0, nameof(offset));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(length ?? 1, nameof(length));
        var range = offset is null && length is null ? default : new HttpRange(offset ?? 0, length);
        return RunAsync(operation, async token =>
        {
            var download = await clients.Transfer.GetBlobClient(blobName)
                .DownloadStreamingAsync(new BlobDownloadOptions { Range = range }, token).ConfigureAwait(false);
            return download.Value.Content;
        }, cancellationToken);
    }

    /// <summary>Delete Blob: true when a blob was deleted, false when there was none.</summary>
    public Task<bool> DeleteIfExistsAsync(string blobName, CancellationToken cancellationToken) =>
        RunAsync(BlobOperationFor("Delete", blobName), async token =>
        {
            try
            {
                await clients.Control.GetBlobClient(blobName).DeleteAsync(cancellationToken: token).ConfigureAwait(false);
                return true;
            }
            catch (RequestFailedException e) when (IsBlobMissing(e))
            {
                return false;
            }
        }, cancellationToken);

    /// <inheritdoc />
    public void Dispose() => clients.Transport.Dispose();

    // A missing container is a configuration error, not a missing blob: only BlobNotFound (or a bare 404) means "no blob".
    private static bool IsBlobMissing(RequestFailedException e) => e.Status == 404 && e.ErrorCode != BlobErrorCodes.ContainerNotFound;

    private static Dictionary<string, string>? Metadata(BlobWriteOptions write) =>
        write.Metadata is null ? null : new Dictionary<string, string>(write.Metadata, StringComparer.OrdinalIgnoreCase);

    private static BlobWriteOptions ValidWriteOptions(BlobWriteOptions? options)
    {
        options ??= BlobWriteOptions.Default;
        options.Validate(nameof(options));
        return options;
    }

    // Validates the name first, so a bad one fails before any request is built.
    private BlobOperation BlobOperationFor(string name, string blobName)
    {
        BlobNames.Validate(blobName, nameof(blobName));
        return new BlobOperation(name, Name, blobName);
    }

    // The one place SDK failures become BlobStorageException; the caller cancelling stays an OperationCanceledException.
    private async Task<T> RunAsync<T>(BlobOperation operation, Func<CancellationToken, Task<T>> action, CancellationToken cancellationToken)
    {
        try
        {
            return await action(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (BlobStorageException.IsStorageFailure(e, cancellationToken))
        {
            throw BlobStorageException.From(e, operation, clients.EndpointSetting);
        }
    }
}
