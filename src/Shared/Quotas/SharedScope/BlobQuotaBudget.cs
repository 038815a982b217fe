using System.Collections.Concurrent;
using AccBackup.Acc;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Quotas.SharedScope;

/// <summary>The shared APS budget kept in the backup container: one small blob per endpoint, updated with optimistic concurrency.</summary>
/// <remarks>
/// A take reads the budget blob (or reuses the one this process last wrote), adds its grant and writes it back only if the
/// blob's ETag is unchanged (If-Match; If-None-Match: * for the first). A 412 means another process took meanwhile:
/// read again and retry, at most <see cref="MaxAttempts"/> times, then grant nothing (the caller waits for the next
/// slice: never over the quota). What may be granted is <see cref="QuotaGrants"/>'s rule, the same for every process.
/// Each write carries a fresh id in the blob's metadata: when the SDK retries a write whose first attempt landed but
/// whose answer was lost (a timeout on a busy link), the retry meets a 412 from the budget's own write, and the re-read
/// finds that id. The grant is then the caller's, not taken a second time (which would leave calls granted in the
/// blob that nobody makes).
/// A blob write per batch of calls keeps storage traffic a fraction of the APS traffic.
/// </remarks>
public sealed partial class BlobQuotaBudget : IApsQuotaBudget
{
    /// <summary>Conflicting writes tolerated for one take before it gives up on its slice.</summary>
    internal const int MaxAttempts = 16;

    /// <summary>The metadata entry naming the write that produced the blob's current budget.</summary>
    internal const string WriteIdMetadata = "writeid";

    private readonly BlobContainer container;
    private readonly ILogger<BlobQuotaBudget> logger;

    // The budget and ETag this process last wrote, per endpoint: usually still current, which saves the read.
    private readonly ConcurrentDictionary<ApsEndpoint, (QuotaBudgetBlob Budget, string ETag)> lastWritten = new();

    /// <summary>Creates the budget over the state container (its budget blobs are updated in place).</summary>
    public BlobQuotaBudget([FromKeyedServices(BlobContainer.StateKey)] BlobContainer container, ILogger<BlobQuotaBudget> logger)
    {
        ArgumentNullException.ThrowIfNull(container);
        ArgumentNullException.ThrowIfNull(logger);
        this.container = container;
        this.logger = logger;
    }

    /// <inheritdoc />
    public async Task<int> TakeAsync(QuotaTake request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var blobName = QuotaBudgetBlob.BlobName(request.Endpoint);
        (QuotaBudgetBlob Budget, string? ETag)? known = lastWritten.TryGetValue(request.Endpoint, out var written) ? written : null;
        string? pendingWrite = null;
        var pendingTake = 0;
        for (var attempt = 1; attempt <= MaxAttempts; attempt++)
        {
            var (budget, etag, writeId) = known is { } cached ? (cached.Budget, cached.ETag, null) : await ReadAsync(blobName, cancellationToken).ConfigureAwait(false);
            if (pendingWrite is not null && writeId == pendingWrite)
            {
                // The write refused with 412 was a retry of this take's own write, which had landed.
                lastWritten[request.Endpoint] = (budget, etag!);
                return Math.Max(0, pendingTake);
            }

            var grants = budget.Grants.Without(request.Return);
            var take = grants.Grantable(request);
            if (take <= 0 && grants == budget.Grants)
            {
                // The window is full, or another process's clock is ahead and this slice is over for the budget.
                return 0;
            }

            var next = new QuotaBudgetBlob(grants.With(request, take), budget.Writes + 1, budget.Conflicts + attempt - 1);
            var metadata = next.ToMetadata();
            pendingWrite = Guid.NewGuid().ToString("N");
            pendingTake = take;
            metadata[WriteIdMetadata] = pendingWrite;
            var write = new BlobUploadOptions
            {
                HttpHeaders = new BlobHttpHeaders { ContentType = "application/json" },
                Metadata = metadata,
                Conditions = etag is null ? BlobContainer.CreateOnly : new BlobRequestConditions { IfMatch = new ETag(etag) },
            };
            try
            {
                var newETag = await container.UploadAsync(blobName, next.ToJson(request.Endpoint, request.WindowLimit), write, cancellationToken).ConfigureAwait(false);
                lastWritten[request.Endpoint] = (next, newETag);
                return Math.Max(0, take);
            }
            catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ConditionNotMet || e.ErrorCode == BlobErrorCode.BlobAlreadyExists)
            {
                Log.TakeConflicted(logger, request.Endpoint, attempt);
                known = null;
            }
        }

        Log.TakeGaveUp(logger, request.Endpoint, request.SliceStart, MaxAttempts);
        return 0;
    }

    private async Task<(QuotaBudgetBlob Budget, string? ETag, string? WriteId)> ReadAsync(string blobName, CancellationToken cancellationToken)
    {
        var blob = await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false);
        return blob is null
            ? (QuotaBudgetBlob.Empty, null, null)
            : (QuotaBudgetBlob.FromMetadata(blob.Metadata), blob.ETag, blob.Metadata.GetValueOrDefault(WriteIdMetadata));
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 6001, Level = LogLevel.Debug, Message = "Shared APS quota for {Endpoint}: another process took first (attempt {Attempt}); reading again")]
        public static partial void TakeConflicted(ILogger logger, ApsEndpoint endpoint, int attempt);

        [LoggerMessage(EventId = 6002, Level = LogLevel.Warning, Message = "Shared APS quota for {Endpoint}: {Attempts} conflicting writes for the slice from {SliceStart}; waiting for the next slice")]
        public static partial void TakeGaveUp(ILogger logger, ApsEndpoint endpoint, DateTimeOffset sliceStart, int attempts);
    }
}
