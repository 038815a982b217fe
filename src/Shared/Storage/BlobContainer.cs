// Why this client is hand-written: the NuGet copy our machines restore from cannot serve Azure.Storage.Blobs at any
// version (12.17 needs System.IO.Hashing, 12.29+ need Azure.Storage.Common >= 12.28; neither is served), so this talks
// to the Blob REST API with HttpClient. Names follow the SDK (BlobContainerClient: CreateIfNotExistsAsync,
// GetPropertiesAsync, UploadAsync, StageBlockAsync, CommitBlockListAsync, OpenReadAsync, DeleteIfExistsAsync;
// RequestFailedException -> BlobStorageException) so swapping the SDK back in later is a mechanical change.
using System.Net;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Storage;

/// <summary>The backup's blob container: built once from <see cref="BlobStorageOptions"/>, safe to share, one pooled HTTP client.</summary>
/// <remarks>Every failure surfaces as <see cref="BlobStorageException"/>; transient ones are retried first (see <see cref="BlobRetryPipeline"/>).</remarks>
public sealed class BlobContainer : IDisposable
{
    private readonly BlobRequests requests;
    private readonly BlobTransport transport;
    private readonly BlobListing listing;
    private readonly ILogger logger;

    /// <summary>Creates the client for the configured account and container.</summary>
    /// <exception cref="OptionsValidationException">The options break a cross-setting rule (see <see cref="BlobStorageOptionsValidator"/>).</exception>
    public BlobContainer(IOptions<BlobStorageOptions> options, ILogger<BlobContainer> logger, TimeProvider timeProvider)
        : this(options?.Value ?? throw new ArgumentNullException(nameof(options)), null, logger, timeProvider, BlobRetryPipeline.DefaultBaseDelay)
    {
    }

    /// <summary>Creates the client over <paramref name="primaryHandler"/> (a stub in tests; pooled sockets when null), which it then owns.</summary>
    internal BlobContainer(
        BlobStorageOptions options, HttpMessageHandler? primaryHandler, ILogger<BlobContainer> logger, TimeProvider timeProvider, TimeSpan retryBaseDelay)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(logger);
        ArgumentNullException.ThrowIfNull(timeProvider);
        var validation = new BlobStorageOptionsValidator().Validate(null, options);
        if (validation.Failed)
        {
            throw new OptionsValidationException(BlobStorageOptions.SectionName, typeof(BlobStorageOptions), validation.Failures);
        }

        this.logger = logger;
        Name = options.ContainerName;
        var (endpoint, handler) = BlobAuthentication.CreateHandler(
            options, primaryHandler ?? BlobTransport.CreatePrimaryHandler(options.MaxConnections), timeProvider);
        requests = new BlobRequests(endpoint, Name);
        transport = new BlobTransport(handler, BlobRetryPipeline.Create(options.AttemptTimeout, retryBaseDelay, logger, timeProvider));
        listing = new BlobListing(transport, requests, Name);
    }

    /// <summary>The container name.</summary>
    public string Name { get; }

    /// <summary>The container's address (no credentials in it).</summary>
    public Uri Uri => requests.ContainerUri;

    /// <summary>Creates the container unless it exists; true when this call created it.</summary>
    public async Task<bool> CreateIfNotExistsAsync(CancellationToken cancellationToken)
    {
        var operation = new BlobOperation("Create container", Name);
        using var response = await SendAsync(operation, requests.CreateContainer, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.Created)
        {
            Log.ContainerCreated(logger, Name);
            return true;
        }

        return BlobHeaders.ReadErrorCode(response.Headers) == BlobErrorCodes.ContainerAlreadyExists
            ? false
            : throw await BlobStorageException.FromResponseAsync(response, operation, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Get Blob Properties: size, ETag, time, MD5 and metadata, or null when there is no such blob.</summary>
    public async Task<StoredBlob?> GetPropertiesAsync(string blobName, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Get properties", blobName);
        using var response = await SendAsync(operation, () => requests.GetProperties(blobName), cancellationToken).ConfigureAwait(false);
        if (IsBlobMissing(response))
        {
            return null;
        }

        await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
        return BlobHeaders.ReadProperties(blobName, response);
    }

    /// <summary>Put Blob: <paramref name="content"/> as the whole blob in one request, checked by the service against its MD5; returns the new ETag.</summary>
    public Task<string> UploadAsync(string blobName, ReadOnlyMemory<byte> content, BlobWriteOptions? options, CancellationToken cancellationToken) =>
        UploadAsync(blobName, content, BlobRequests.Md5(content.Span), options, cancellationToken);

    /// <summary>Put Block: stages <paramref name="content"/> (checked against its MD5) under <paramref name="blockId"/>, invisible until committed.</summary>
    /// <remarks>Block ids are base64 of at most 64 bytes, one length for all blocks of a blob: see <see cref="BlobBlockIds.FromIndex"/>.</remarks>
    public Task StageBlockAsync(string blobName, string blockId, ReadOnlyMemory<byte> content, CancellationToken cancellationToken) =>
        StageBlockAsync(blobName, blockId, content, BlobRequests.Md5(content.Span), cancellationToken);

    /// <summary>Put Block List: makes the staged <paramref name="blockIds"/>, in order, the blob's content; returns the new ETag.</summary>
    public async Task<string> CommitBlockListAsync(
        string blobName, IReadOnlyList<string> blockIds, BlobWriteOptions? options, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Commit block list", blobName);
        ArgumentNullException.ThrowIfNull(blockIds);
        foreach (var blockId in blockIds)
        {
            BlobBlockIds.Validate(blockId, nameof(blockIds));
        }

        var write = ValidWriteOptions(options);
        using var response = await SendAsync(operation, () => requests.PutBlockList(blobName, blockIds, write), cancellationToken).ConfigureAwait(false);
        await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
        return BlobHeaders.ReadETag(response);
    }

    /// <summary>Get Blob: streams the blob, or <paramref name="length"/> bytes from <paramref name="offset"/>; dispose the stream.</summary>
    /// <remarks>Retries cover getting the response; a failure mid-stream throws, and the caller re-reads from where it got to.</remarks>
    public async Task<Stream> OpenReadAsync(string blobName, long? offset, long? length, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Read", blobName);
        ArgumentOutOfRangeException.ThrowIfNegative(offset ?? 0, nameof(offset));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(length ?? 1, nameof(length));
        var response = await transport.SendAsync(
            operation, () => requests.Get(blobName, offset, length), HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        try
        {
            await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
            return await BlobReadStream.OpenAsync(response, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    /// <summary>List Blobs: every blob whose name starts with <paramref name="prefix"/>, with metadata, page after page.</summary>
    public IAsyncEnumerable<StoredBlob> ListAsync(string? prefix, CancellationToken cancellationToken) =>
        listing.ListAsync(prefix, maxResultsPerPage: null, cancellationToken);

    /// <summary>Delete Blob: true when a blob was deleted, false when there was none.</summary>
    public async Task<bool> DeleteIfExistsAsync(string blobName, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Delete", blobName);
        using var response = await SendAsync(operation, () => requests.Delete(blobName), cancellationToken).ConfigureAwait(false);
        if (IsBlobMissing(response))
        {
            return false;
        }

        await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
        return true;
    }

    /// <inheritdoc />
    public void Dispose() => transport.Dispose();

    /// <summary>Put Blob with a given MD5, so tests can send a wrong one.</summary>
    internal async Task<string> UploadAsync(
        string blobName, ReadOnlyMemory<byte> content, byte[] contentMd5, BlobWriteOptions? options, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Upload", blobName);
        var write = ValidWriteOptions(options);
        using var response = await SendAsync(operation, () => requests.PutBlob(blobName, content, contentMd5, write), cancellationToken).ConfigureAwait(false);
        await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
        return BlobHeaders.ReadETag(response);
    }

    /// <summary>Put Block with a given MD5, so tests can send a wrong one.</summary>
    internal async Task StageBlockAsync(string blobName, string blockId, ReadOnlyMemory<byte> content, byte[] contentMd5, CancellationToken cancellationToken)
    {
        var operation = BlobOperationFor("Stage block", blobName);
        BlobBlockIds.Validate(blockId, nameof(blockId));
        using var response = await SendAsync(operation, () => requests.PutBlock(blobName, blockId, content, contentMd5), cancellationToken).ConfigureAwait(false);
        await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>List Blobs with a page size, so tests can prove NextMarker paging with a few blobs.</summary>
    internal IAsyncEnumerable<StoredBlob> ListAsync(string? prefix, int? maxResultsPerPage, CancellationToken cancellationToken) =>
        listing.ListAsync(prefix, maxResultsPerPage, cancellationToken);

    // A missing container is a configuration error, not a missing blob: only BlobNotFound (or a bare 404) means "no blob".
    private static bool IsBlobMissing(HttpResponseMessage response) =>
        response.StatusCode == HttpStatusCode.NotFound && BlobHeaders.ReadErrorCode(response.Headers) != BlobErrorCodes.ContainerNotFound;

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

    private Task<HttpResponseMessage> SendAsync(BlobOperation operation, Func<HttpRequestMessage> createRequest, CancellationToken cancellationToken) =>
        transport.SendAsync(operation, createRequest, HttpCompletionOption.ResponseContentRead, cancellationToken);
}
