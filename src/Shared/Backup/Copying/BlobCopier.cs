using System.Globalization;
using System.Security.Cryptography;
using AccBackup.Acc;
using AccBackup.Backup.Naming;
using AccBackup.Backup.Settings;
using AccBackup.Backup.SignedDownloads;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Backup.Copying;

/// <summary>Copies one ACC file version into a block blob: streamed or copied by the service, verified, committed only when complete.</summary>
/// <remarks>
/// Idempotent: a blob whose metadata names the same version is left alone; a new version replaces the blob only if
/// its etag is still the one seen at the start (both modes). Memory is bounded by <see cref="TransferSlots"/>' byte budget.
/// </remarks>
public sealed partial class BlobCopier
{
    /// <summary>Name of the HttpClient that GETs signed URLs (no Authorization header).</summary>
    public const string DownloadClientName = "signed-download";

    /// <summary>Attempts of one signed-URL GET by default (<see cref="SignedDownloadHandler"/>): the first and 5 retries.</summary>
    public const int DownloadAttempts = 6;

    /// <summary>How many times APS is asked for an object it reports as "chunked" (still being assembled).</summary>
    private const int ChunkedAsks = 3;

    private readonly BlobContainer container;
    private readonly ApsOssClient oss;
    private readonly TransferSlots slots;
    private readonly HttpClient http;
    private readonly ServerSideCopy serverCopy;
    private readonly CopyOptions options;
    private readonly TimeProvider time;
    private readonly ILogger<BlobCopier> logger;

    /// <summary>Creates the copier.</summary>
    public BlobCopier(
        BlobContainer container, ApsOssClient oss, TransferSlots slots, IHttpClientFactory httpFactory,
        IOptions<CopyOptions> options, TimeProvider time, ILogger<BlobCopier> logger)
    {
        this.container = container;
        this.oss = oss;
        this.slots = slots;
        http = httpFactory.CreateClient(DownloadClientName);
        this.options = options.Value;
        serverCopy = new ServerSideCopy(container, slots, this.options);
        this.time = time;
        this.logger = logger;
    }

    /// <summary>Stores <paramref name="request"/>'s version; throws <see cref="FileCopyException"/> when it cannot.</summary>
    /// <remarks>Write-once: a blob is only ever created. When the version's name is taken by another version (or by bytes
    /// that do not prove themselves), the version goes under its <see cref="BlobPathBuilder.Alternate"/> name; the blob
    /// found is never replaced.</remarks>
    public Task<FileCopyResult> CopyAsync(FileCopyRequest request, CancellationToken cancellationToken) =>
        CopyAsync(request, StoredLookup.LookFirst, cancellationToken);

    /// <summary>Stores <paramref name="request"/>'s version, looking for it among the stored blobs first unless
    /// <paramref name="lookup"/> says its batch is new to the backup (<see cref="StoredLookup.WritesFirst"/>).</summary>
    /// <remarks>A version new to the backup is written at once, create-only: one storage request instead of two, on the
    /// nights when almost every file copied is new. Only a file written whole in one request is (a commit of blocks comes
    /// after every block is staged); if the write finds the name taken (an attempt that stopped before it reported, a run
    /// that never finished), that file and the rest of its batch look first, as every other copy does.</remarks>
    private async Task<FileCopyResult> CopyAsync(FileCopyRequest request, StoredLookup lookup, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var writeFirst = lookup.WritesFirst && options.Mode == CopyMode.Stream && request.ApiSize is { } apiSize && apiSize <= options.SingleRequestLimitBytes;
        var existing = writeFirst ? null : await container.GetPropertiesAsync(request.BlobName, cancellationToken).ConfigureAwait(false);
        if (StoredVersion.Matches(existing, request) is { } unchanged)
        {
            return unchanged;
        }

        if (existing is not null)
        {
            request = request with { BlobName = BlobPathBuilder.Alternate(request.BlobName, request.VersionId) };
            var second = await container.GetPropertiesAsync(request.BlobName, cancellationToken).ConfigureAwait(false);
            if (StoredVersion.Matches(second, request) is { } storedThere)
            {
                return storedThere;
            }

            if (second is not null)
            {
                const string Reason = "both names for this version hold other bytes; stored blobs are never replaced (write-once)";
                Log.FileFailed(logger, request.BlobName, Reason);
                throw new FileCopyException(request.BlobName, Reason);
            }
        }

        var conditions = BlobContainer.CreateOnly;
        using var lease = new SignedUrlLease(oss, request.Storage, time);
        for (var ask = 1; ; ask++)
        {
            try
            {
                return await CopyOnceAsync(request, lease, conditions, cancellationToken).ConfigureAwait(false);
            }
            catch (ApsObjectNotReadyException) when (ask < ChunkedAsks)
            {
                // Not a retry of a failure: APS is still assembling the object and says so; ask again after a wait.
                Log.ChunkedWait(logger, request.BlobName, ask, options.ChunkedRetryDelay);
                await Task.Delay(options.ChunkedRetryDelay, time, cancellationToken).ConfigureAwait(false);
            }
            catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ConditionNotMet || e.ErrorCode == BlobErrorCode.BlobAlreadyExists)
            {
                if (writeFirst)
                {
                    // Not new after all: this file, and the rest of its batch, take the road of every other copy.
                    lookup.FoundStored();
                    Log.FoundStored(logger, request.BlobName);
                    return await CopyAsync(request, StoredLookup.LookFirst, cancellationToken).ConfigureAwait(false);
                }

                return await ResolveRaceAsync(request, e, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (FailureReason(e) is { } reason)
            {
                Log.FileFailed(logger, request.BlobName, reason);
                throw new FileCopyException(request.BlobName, reason, e);
            }
        }
    }

    private async Task<FileCopyResult> CopyOnceAsync(FileCopyRequest request, SignedUrlLease lease, BlobRequestConditions conditions, CancellationToken cancellationToken)
    {
        var signed = await lease.GetAsync(cancellationToken).ConfigureAwait(false);
        var transfer = CopyMethods.Stream;
        if (options.Mode == CopyMode.Server && signed.Size is not 0)
        {
            if (signed.Size is { } stated)
            {
                try
                {
                    var write = Write(request, stated, null, CopyMethods.SizeOnly, CopyMethods.Server, conditions, SignedReference(request, lease));
                    await serverCopy.CopyAsync(request, lease, stated, write, cancellationToken).ConfigureAwait(false);
                    return new FileCopyResult(request, FileCopyStatus.Copied, stated, null) { Verification = CopyMethods.SizeOnly, Transfer = CopyMethods.Server, SignedSize = SignedReference(request, lease) };
                }
                catch (ServerCopyRefusedException e)
                {
                    Log.ServerCopyRefused(logger, request.BlobName, e.Message);
                }
            }
            else
            {
                // Without APS's size there is nothing to cut the source into ranges by, nor to check the copy against.
                Log.ServerCopyRefused(logger, request.BlobName, "APS stated no size");
            }

            transfer = CopyMethods.StreamFallback;
        }

        var expected = signed.Size ?? request.ApiSize;
        using var hashes = new ContentHashes();
        long stored;
        try
        {
            stored = expected is { } size && size <= options.SingleRequestLimitBytes
                ? await CopySmallAsync(request, lease, size, conditions, transfer, hashes, cancellationToken).ConfigureAwait(false)
                : await CopyBlocksAsync(request, lease, null, conditions, transfer, hashes, cancellationToken).ConfigureAwait(false);
        }
        catch (SourceTooLargeException e)
        {
            stored = await CopyBlocksAsync(request, lease, e.Total, conditions, transfer, hashes, cancellationToken).ConfigureAwait(false);
        }

        return new FileCopyResult(request, FileCopyStatus.Copied, stored, hashes.Sha256Hex)
        {
            Verification = hashes.Verification,
            Transfer = transfer,
            SignedSize = SignedReference(request, lease),
        };
    }

    /// <summary>The signed download's size when it is the size reference: APS's listing stated none.</summary>
    private static long? SignedReference(FileCopyRequest request, SignedUrlLease lease) => request.ApiSize is null ? lease.Promised?.Size : null;

    private async Task<long> CopySmallAsync(FileCopyRequest request, SignedUrlLease lease, long expected, BlobRequestConditions conditions, string movedBy, ContentHashes hashes, CancellationToken cancellationToken)
    {
        // Sized to the file, not to the limit: a larger object than promised switches to blocks (SourceTooLargeException).
        var size = (int)Math.Clamp(expected, 1, options.SingleRequestLimitBytes);
        using var slot = await slots.EnterAsync(size, cancellationToken).ConfigureAwait(false);
        var (read, _) = await SourceReader.ReadAsync(http, lease, 0, slot.Buffer, false, cancellationToken).ConfigureAwait(false);
        var content = slot.Buffer[..read];
        hashes.Append(content.Span);
        hashes.Verify(lease.Promised, read, sizeIsPromise: request.ApiSize is not null);
        var write = Write(request, read, hashes.Sha256Hex, hashes.Verification, movedBy, conditions, SignedReference(request, lease));
        await container.UploadAsync(request.BlobName, content, write, cancellationToken).ConfigureAwait(false);
        return read;
    }

    private async Task<long> CopyBlocksAsync(FileCopyRequest request, SignedUrlLease lease, long? knownTotal, BlobRequestConditions conditions, string movedBy, ContentHashes hashes, CancellationToken cancellationToken)
    {
        var plan = new BlockPlan(options.BlockSizeFor(knownTotal ?? request.ApiSize ?? 0));
        using var first = await StartBlockAsync(request, lease, plan, 0, cancellationToken).ConfigureAwait(false);
        var total = first.Total;
        plan = plan.WithTotal(total);
        hashes.Append(first.Content.Span);
        first.Dispose();

        var inFlight = new Queue<(BlockTransfer Transfer, Task Work)>();
        using var abort = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        try
        {
            var next = 1;
            while (inFlight.Count > 0 || next < plan.Count)
            {
                while (inFlight.Count < options.ParallelBlocksPerFile && next < plan.Count)
                {
                    // Wait for a slot only while holding none: a file that holds slots must drain its own blocks
                    // (hash, release) rather than wait for more, or files holding slots would wait on each other.
                    // Ownership moves to the queue: disposed when hashed, or in the catch below.
#pragma warning disable CA2000
                    var transfer = inFlight.Count == 0
                        ? await BlockTransfer.RentAsync(slots, plan.SizeOf(next), abort.Token).ConfigureAwait(false)
                        : BlockTransfer.TryRent(slots, plan.SizeOf(next));
#pragma warning restore CA2000
                    if (transfer is null)
                    {
                        break;
                    }

                    inFlight.Enqueue((transfer, TransferBlockAsync(request, lease, plan, next++, transfer, abort.Token)));
                }

                var (done, work) = inFlight.Dequeue();
                using (done)
                {
                    await work.ConfigureAwait(false);
                    if (done.Total != total)
                    {
                        throw new FileIntegrityException($"object length changed during the copy ({total} → {done.Total})");
                    }

                    hashes.Append(done.Content.Span);
                }
            }
        }
        catch
        {
            await abort.CancelAsync().ConfigureAwait(false);
            foreach (var (transfer, work) in inFlight)
            {
                await work.ContinueWith(
                    t =>
                    {
                        _ = t.Exception; // observed: the first failure is the one rethrown
                        transfer.Dispose();
                    },
                    CancellationToken.None, TaskContinuationOptions.None, TaskScheduler.Default).ConfigureAwait(false);
            }

            throw;
        }

        hashes.Verify(lease.Promised, total, sizeIsPromise: request.ApiSize is not null);
        var write = Write(request, total, hashes.Sha256Hex, hashes.Verification, movedBy, conditions, SignedReference(request, lease));
        await container.CommitBlockListAsync(request.BlobName, plan.BlockIds(), write, cancellationToken).ConfigureAwait(false);
        return total;
    }

    private async Task<BlockTransfer> StartBlockAsync(FileCopyRequest request, SignedUrlLease lease, BlockPlan plan, int index, CancellationToken cancellationToken)
    {
        var transfer = await BlockTransfer.RentAsync(slots, plan.BlockSize, cancellationToken).ConfigureAwait(false);
        try
        {
            await TransferBlockAsync(request, lease, plan, index, transfer, cancellationToken).ConfigureAwait(false);
            return transfer;
        }
        catch
        {
            transfer.Dispose();
            throw;
        }
    }

    private async Task TransferBlockAsync(FileCopyRequest request, SignedUrlLease lease, BlockPlan plan, int index, BlockTransfer transfer, CancellationToken cancellationToken)
    {
        var offset = plan.OffsetOf(index);
        var (read, total) = await SourceReader.ReadAsync(http, lease, offset, transfer.Buffer, true, cancellationToken).ConfigureAwait(false);
        transfer.Complete(read, total);
        await container.StageBlockAsync(request.BlobName, plan.BlockId(index), transfer.Content, cancellationToken).ConfigureAwait(false);
    }

    private async Task<FileCopyResult> ResolveRaceAsync(FileCopyRequest request, RequestFailedException conflict, CancellationToken cancellationToken)
    {
        // Someone else (a repeated activity, another run) committed first: fine if it is our version.
        var now = await container.GetPropertiesAsync(request.BlobName, cancellationToken).ConfigureAwait(false);
        return StoredVersion.Matches(now, request)
            ?? throw new FileCopyException(request.BlobName, "the blob changed while it was being copied; the next run will retry", conflict);
    }

    private BlobUploadOptions Write(
        FileCopyRequest request, long stored, string? sha256, string verification, string transfer, BlobRequestConditions conditions, long? signedSize) => new()
    {
        HttpHeaders = new BlobHttpHeaders { ContentType = "application/octet-stream" },
        Metadata = StoredVersion.Metadata(request, stored, sha256, time.GetUtcNow(), verification, transfer, signedSize),
        Conditions = conditions,
    };

    // Integrity failures are not retried here: the source changed or lied mid-copy, nothing was committed, and the
    // activity-level retry or the next run copies the file afresh.
    private static string? FailureReason(Exception e) => e switch
    {
        ApsAuthenticationException => null, // run-fatal: the caller decides
        FileIntegrityException integrity => $"{integrity.Message}; nothing committed, the next run retries",
        ApsObjectNotReadyException => $"APS still reports the object as 'chunked' after {ChunkedAsks} asks",
        TransferException or SignedUrlExpiredException => $"download failed: {e.Message}",
        ApsException aps => aps.Message,
        RequestFailedException { Status: not (401 or 403) } storage => $"blob storage refused the write: {storage.Message}",
        _ => null,
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 2001, Level = LogLevel.Warning, Message = "Waiting for {BlobName} (ask {Ask}): object still being assembled (chunked); asking again in {Delay}")]
        public static partial void ChunkedWait(ILogger logger, string blobName, int ask, TimeSpan delay);

        [LoggerMessage(EventId = 2003, Level = LogLevel.Error, Message = "Copy of {BlobName} failed: {Reason}")]
        public static partial void FileFailed(ILogger logger, string blobName, string reason);

        // Information: on a night after a run that never finished, a batch that meets what it stored logs this for each copy
        // then in flight (at most Copy:MaxConcurrentFiles) and no more: the rest of the batch looks first.
        [LoggerMessage(EventId = 2005, Level = LogLevel.Information, Message = "{BlobName} was already stored, though its batch was new to the backup: it and the rest of its batch look for their blobs first")]
        public static partial void FoundStored(ILogger logger, string blobName);

        [LoggerMessage(EventId = 2004, Level = LogLevel.Information, Message = "Server-side copy of {BlobName} refused ({Reason}); streaming it instead")]
        public static partial void ServerCopyRefused(ILogger logger, string blobName, string reason);
    }
}
