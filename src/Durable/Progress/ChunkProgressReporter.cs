using AccBackup.Manifest;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Progress;

/// <summary>Counts a copy activity's files as they end and records the counts (<see cref="ChunkProgressStore"/>) at most once
/// per <see cref="Interval"/>, only when they changed; disposing it stops the recording and deletes the record.</summary>
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

    /// <summary>Stops recording and deletes the record: the activity's result counts the chunk's files from now on.</summary>
    public async ValueTask DisposeAsync()
    {
        await stop.CancelAsync().ConfigureAwait(false);
        await recording.ConfigureAwait(false);
        stop.Dispose();
        try
        {
            await store.DeleteAsync(inventoryChunk, CancellationToken.None).ConfigureAwait(false);
        }
        catch (Exception e) when (e is Azure.RequestFailedException or IOException or TimeoutException)
        {
            Log.NotRecorded(logger, inventoryChunk, e.Message);
        }
    }

    private async Task RecordAsync(TimeProvider time, CancellationToken cancellationToken)
    {
        using var timer = new PeriodicTimer(Interval, time);
        try
        {
            while (await timer.WaitForNextTickAsync(cancellationToken).ConfigureAwait(false))
            {
                ChunkProgress now;
                lock (gate)
                {
                    now = ChunkProgress.Of(counts);
                }

                if (now == written)
                {
                    continue;
                }

                try
                {
                    // Not cancelled when the copy ends: a write cut short could land after the delete that follows.
                    await store.WriteAsync(inventoryChunk, now, CancellationToken.None).ConfigureAwait(false);
                    written = now;
                }
                catch (Exception e) when (e is Azure.RequestFailedException or IOException or TimeoutException)
                {
                    Log.NotRecorded(logger, inventoryChunk, e.Message);
                }
            }
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            // the copy ended
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5301, Level = LogLevel.Warning, Message = "Live progress of {InventoryChunk} not recorded: {Reason}")]
        public static partial void NotRecorded(ILogger logger, string inventoryChunk, string reason);
    }
}
