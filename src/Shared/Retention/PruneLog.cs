using Microsoft.Extensions.Logging;

namespace AccBackup.Retention;

/// <summary>The pruner's log messages: run ids, blob names, counts and bytes.</summary>
internal static partial class PruneLog
{
    [LoggerMessage(EventId = 7001, Level = LogLevel.Information, Message = "Removed run {RunId}: {Blobs} blobs, {Bytes} bytes of manifest and run records")]
    public static partial void RunRemoved(ILogger logger, string runId, long blobs, long bytes);

    [LoggerMessage(EventId = 7002, Level = LogLevel.Warning, Message = "Kept run {RunId} outside the retention policy: {Reason}")]
    public static partial void RunRetained(ILogger logger, string runId, string reason);

    [LoggerMessage(EventId = 7003, Level = LogLevel.Information, Message = "Kept blob {Blob}: {Reason}")]
    public static partial void BlobRetained(ILogger logger, string blob, string reason);

    [LoggerMessage(EventId = 7004, Level = LogLevel.Error, Message = "Storage refused to delete {Blob}; the prune stopped: {Reason}")]
    public static partial void DeleteRefused(ILogger logger, string blob, string reason);

    [LoggerMessage(EventId = 7005, Level = LogLevel.Information, Message = "Pruned {Container}: {RunsRemoved} runs and {BlobsRemoved} blobs removed, {BytesFreed} bytes freed, {BlobsRetained} blobs kept under retention (dry run: {DryRun})")]
    public static partial void Pruned(ILogger logger, string container, int runsRemoved, long blobsRemoved, long bytesFreed, long blobsRetained, bool dryRun);
}
