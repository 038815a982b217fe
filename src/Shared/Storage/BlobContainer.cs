// The backup's container, on Azure.Storage.Blobs. The SDK does the protocol (authentication, signing, retries,
// encoding, XML) and its types are the surface: BlobUploadOptions and BlobRequestConditions in, RequestFailedException
// with an ErrorCode out. What this type adds is what the SDK can't know: two network timeouts over one connection
// pool (control requests vs blob bytes), the write-once guard of the backup container, blob names checked before a
// request is built, and failures that say which operation, which blob and which setting. Built once, safe to share.
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Storage;

/// <summary>The backup's blob container: built once from <see cref="BlobStorageOptions"/>, safe to share, one connection pool.</summary>
/// <remarks>Every failure surfaces as the SDK's <see cref="RequestFailedException"/> (filter on <see cref="RequestFailedException.ErrorCode"/>
/// against <see cref="BlobErrorCode"/>), after the SDK retried the transient ones; <see cref="RequestFailedException.Status"/>
/// is 0 when the service never answered, and the message then names the endpoint's setting.</remarks>
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

    /// <summary>Write only if no blob exists yet (If-None-Match: *): the one condition the backup container accepts for a write.
    /// An existing blob fails with <see cref="BlobErrorCode.ConditionNotMet"/> or <see cref="BlobErrorCode.BlobAlreadyExists"/>.</summary>
    /// <remarks>If an attempt landed but its answer was lost (timeout), the retry meets the blob it just wrote and fails the same
    /// way: compare what is stored before treating it as someone else's blob. A new instance each time (the SDK's type is mutable).</remarks>
    public static BlobRequestConditions CreateOnly => new() { IfNoneMatch = ETag.All };

    /// <summary>The container name.</summary>
    public string Name => clients.Control.Name;

    /// <summary>The container's address (no credentials in it).</summary>
    public Uri Uri => clients.Control.Uri;

    /// <summary>Creates the container unless it exists; true when this call created it.</summary>
    public Task<bool> CreateIfNotExistsAsync(CancellationToken cancellationToken) =>
        RunAsync("Create container", null, async token =>
        {
            var created = await clients.Control.CreateIfNotExistsAsync(cancellationToken: token).ConfigureAwait(false);
            if (created is not null)
            {
                Log.ContainerCreated(logger, Name);
            }

            return created is not null;
        }, cancellationToken);

    /// <summary>Get Container Properties: whether a time-based retention (immutability) policy or a legal hold covers the container.</summary>
    public Task<ContainerHolds> GetHoldsAsync(CancellationToken cancellationToken) =>
        RunAsync("Get container properties", null, async token =>
        {
            var properties = (await clients.Control.GetPropertiesAsync(cancellationToken: token).ConfigureAwait(false)).Value;
            return new ContainerHolds(properties.HasImmutabilityPolicy == true, properties.HasLegalHold == true);
        }, cancellationToken);

    /// <summary>Get Container Properties as <see cref="GetHoldsAsync"/> does, or null when the container does not exist.</summary>
    /// <remarks>Needs only read rights on the container (containers/read), never the right to create it.</remarks>
    public Task<ContainerHolds?> GetHoldsIfExistsAsync(CancellationToken cancellationToken) =>
        RunAsync("Get container properties", null, async token =>
        {
            try
            {
                var properties = (await clients.Control.GetPropertiesAsync(cancellationToken: token).ConfigureAwait(false)).Value;
                return new ContainerHolds(properties.HasImmutabilityPolicy == true, properties.HasLegalHold == true);
            }
            catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ContainerNotFound || (e.Status == 404 && e.ErrorCode is null))
            {
                return (ContainerHolds?)null;
            }
        }, cancellationToken);

    /// <summary>Get Blob Properties: size, ETag, time, MD5 and metadata, or null when there is no such blob.</summary>
    public Task<BlobDescription?> GetPropertiesAsync(string blobName, CancellationToken cancellationToken) =>
        RunAsync("Get properties", Checked(blobName), async token =>
        {
            try
            {
                var properties = await clients.Control.GetBlobClient(blobName).GetPropertiesAsync(cancellationToken: token).ConfigureAwait(false);
                return BlobDescription.From(blobName, properties.Value);
            }
            catch (RequestFailedException e) when (IsBlobMissing(e))
            {
                return null;
            }
        }, cancellationToken);

    /// <summary>Delete Blob: true when a blob was deleted, false when there was none.</summary>
    public Task<bool> DeleteIfExistsAsync(string blobName, CancellationToken cancellationToken) =>
        RunAsync("Delete", Checked(blobName), async token =>
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

    /// <summary>List Blobs: every blob whose name starts with <paramref name="prefix"/>, with metadata, page after page.</summary>
    public IAsyncEnumerable<BlobDescription> ListAsync(string? prefix, CancellationToken cancellationToken) =>
        ListAsync(prefix, BlobTraits.Metadata, maxResultsPerPage: null, cancellationToken);

    /// <summary>List Blobs: every blob whose name starts with <paramref name="prefix"/>, with its creation time, legal hold and
    /// immutability policy (<see cref="BlobDescription.HasLegalHold"/>, <see cref="BlobDescription.ImmutableUntil"/>) but no metadata:
    /// what a delete must check first.</summary>
    public IAsyncEnumerable<BlobDescription> ListWithHoldsAsync(string? prefix, CancellationToken cancellationToken) =>
        ListAsync(prefix, BlobTraits.ImmutabilityPolicy | BlobTraits.LegalHold, maxResultsPerPage: null, cancellationToken);

    /// <summary>List Blobs with a page size, so tests can prove paging with a few blobs; null means the service's 5000.</summary>
    internal IAsyncEnumerable<BlobDescription> ListAsync(string? prefix, int? maxResultsPerPage, CancellationToken cancellationToken) =>
        ListAsync(prefix, BlobTraits.Metadata, maxResultsPerPage, cancellationToken);

    private async IAsyncEnumerable<BlobDescription> ListAsync(
        string? prefix, BlobTraits traits, int? maxResultsPerPage, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var pages = clients.Control.GetBlobsAsync(traits, BlobStates.None, prefix, cancellationToken)
            .AsPages(pageSizeHint: maxResultsPerPage).GetAsyncEnumerator(cancellationToken);
        await using (pages.ConfigureAwait(false))
        {
            while (await RunAsync("List", prefix is null ? null : prefix + "*", _ => pages.MoveNextAsync().AsTask(), cancellationToken).ConfigureAwait(false))
            {
                foreach (var item in pages.Current.Values)
                {
                    yield return BlobDescription.From(item);
                }
            }
        }
    }

    /// <inheritdoc />
    public void Dispose() => clients.Transport.Dispose();

    // A missing container is a configuration error, not a missing blob: only BlobNotFound (or a bare 404) means "no blob".
    private static bool IsBlobMissing(RequestFailedException e) => e.Status == 404 && e.ErrorCode != BlobErrorCode.ContainerNotFound;

    // Validates the name first, so a bad one fails before any request is built.
    private static string Checked(string blobName)
    {
        BlobNames.Validate(blobName, nameof(blobName));
        return blobName;
    }

    // The one place SDK failures get what the SDK can't say: the operation and its target, and for a failure without a
    // response, the setting that named the endpoint. The caller cancelling stays an OperationCanceledException.
    private async Task<T> RunAsync<T>(string operation, string? blobName, Func<CancellationToken, Task<T>> action, CancellationToken cancellationToken)
    {
        try
        {
            return await action(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is RequestFailedException or AggregateException || (e is OperationCanceledException && !cancellationToken.IsCancellationRequested))
        {
            var target = blobName is null ? $"'{Name}'" : $"'{Name}/{blobName}'";
            throw e is RequestFailedException { Status: > 0 } failed ? Answered(failed, $"{operation} {target}") : Unanswered(e, $"{operation} {target}");
        }
    }

    private static RequestFailedException Answered(RequestFailedException failed, string operation)
    {
        // The service's one-line message travels as the reason phrase (Azure and Azurite); the SDK's Message adds headers.
        var detail = failed.GetRawResponse()?.ReasonPhrase is { Length: > 0 } reason ? reason : failed.Message.Split('\n', 2)[0].Trim();

        // Azurite answers a wrong Content-MD5 with 400 InvalidOperation "Provided contentMD5 doesn't match." where Azure
        // says Md5Mismatch: one code lets callers filter the same way on both.
        var errorCode = failed is { Status: 400, ErrorCode: "InvalidOperation" } && failed.Message.Contains("contentMD5 doesn't match", StringComparison.OrdinalIgnoreCase)
            ? BlobErrorCode.Md5Mismatch.ToString()
            : failed.ErrorCode;
        var message = $"{operation} failed: {failed.Status} {errorCode}" + (string.IsNullOrEmpty(detail) ? "." : $" ({detail}).");
        return new RequestFailedException(failed.Status, message, errorCode, failed);
    }

    private RequestFailedException Unanswered(Exception e, string operation)
    {
        // No response: connection refused, DNS, TLS, or the network timeout, on every attempt. The transport's own
        // exception (e.g. "Connection refused (127.0.0.1:10000)") says more than the SDK's wrappers.
        var attempts = e is AggregateException aggregate ? aggregate.InnerExceptions : [e];
        var cause = RootCause(attempts[^1]);
        return new RequestFailedException(
            0,
            $"{operation} failed: the storage endpoint ({clients.EndpointSetting}) could not be reached in {attempts.Count} attempt(s): {cause.GetType().Name}: {cause.Message}",
            null,
            cause);

        static Exception RootCause(Exception e) => e switch
        {
            RequestFailedException { InnerException: { } inner } => RootCause(inner),
            AggregateException { InnerExceptions.Count: > 0 } aggregate => RootCause(aggregate.InnerExceptions[^1]),
            _ => e,
        };
    }
}
