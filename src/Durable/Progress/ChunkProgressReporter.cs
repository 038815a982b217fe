using AccBackup.Manifest;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Progress;

/// <summary>Counts a copy activity's files as they are stored and records the counts (<see cref="ChunkProgressStore"/>) at
/// most once per <see cref="Interval"/>, only when they changed; <see cref="CompleteAsync"/> records the chunk's result.</summary>
/// <remarks>Progress is advisory: a record that cannot be written is logged and the copy goes on.</remarks>
internal sealed partial class ChunkProgressReporter : IProgress<ManifestEntry>, IAsyncDisposable
{
    /// <summary>How often a chunk's record is written at most.</summary>
    public static readonly TimeSpan Interval = TimeSpan.FromSeconds(1);

    private readonly ChunkProgressStore store;
    private readonly string inventoryChunk;
    private readonly ILogger logger;
    private readonly StatusCounts counts = new();
    private readonly Lock gate = new();
    private readonly CancellationTokenSource stop = new();
    private readonly Task recording;
    private ChunkProgress written = ChunkProgress.None;
    private bool stopped;

    public ChunkProgressReporter(ChunkProgressStore store, string inventoryChunk, TimeProvider time, ILogger logger)
    {
        this.store = store;
        this.inventoryChunk = inventoryChunk;
        this.logger = logger;
        recording = RecordAsync(time, stop.Token);
    }

    /// <inheritdoc />
    public void Report(ManifestEntry value)
    {
        lock (gate)
        {
            counts.Add(value);
        }
    }

    /// <summary>Records the chunk's result: what it stored, also when this attempt found the results of an earlier one.</summary>
    public async Task CompleteAsync(CopyChunkResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        await StopAsync().ConfigureAwait(false);
        await WriteAsync(new ChunkProgress(result.Copied, result.BytesCopied)).ConfigureAwait(false);
    }

    /// <summary>Stops recording; a copy that failed leaves the record of what it stored before it failed.</summary>
    public async ValueTask DisposeAsync()
    {
        if (!stopped)
        {
            await StopAsync().ConfigureAwait(false);
            await WriteAsync(Current()).ConfigureAwait(false);
        }

        stop.Dispose();
    }

    private async Task StopAsync()
    {
        stopped = true;
        await stop.CancelAsync().ConfigureAwait(false);
        await recording.ConfigureAwait(false);
    }

    private ChunkProgress Current()
    {
        lock (gate)
        {
            return new ChunkProgress(counts.Copied, counts.CopiedBytes);
        }
    }

    private async Task RecordAsync(TimeProvider time, CancellationToken cancellationToken)
    {
        using var timer = new PeriodicTimer(Interval, time);
        try
        {
            while (await timer.WaitForNextTickAsync(cancellationToken).ConfigureAwait(false))
            {
                await WriteAsync(Current()).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            // the copy ended
        }
    }

    private async Task WriteAsync(ChunkProgress now)
    {
        if (now == written)
        {
            return;
        }

        try
        {
            // Never cancelled: a write cut short could land after the one that follows it.
            await store.WriteAsync(inventoryChunk, now, CancellationToken.None).ConfigureAwait(false);
            written = now;
        }
        catch (Exception e) when (e is Azure.RequestFailedException or IOException or TimeoutException)
        {
            Log.NotRecorded(logger, inventoryChunk, e.Message);
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5301, Level = LogLevel.Warning, Message = "Live progress of {InventoryChunk} not recorded: {Reason}")]
        public static partial void NotRecorded(ILogger logger, string inventoryChunk, string reason);
    }
}
