using AccBackup.Durable.Progress;
using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Activities;

/// <summary>Copies one inventory chunk (<see cref="ChunkCopier"/>); a repeat returns the results already stored. While it
/// copies, the files it has stored are recorded every second, and its result at the end (<see cref="ChunkProgressStore"/>),
/// for the run's status.</summary>
public sealed class CopyChunkActivity(
    ChunkCopier copier, ChunkProgressStore progress, TimeProvider time, ILogger<CopyChunkActivity> logger, IHostApplicationLifetime lifetime)
    : TaskActivity<ChunkCopyInput, ChunkCopyResult>
{
    /// <inheritdoc />
    public override async Task<ChunkCopyResult> RunAsync(TaskActivityContext context, ChunkCopyInput input)
    {
        ArgumentNullException.ThrowIfNull(input);
        var reporter = new ChunkProgressReporter(progress, input.InventoryChunk, time, logger);
        await using (reporter.ConfigureAwait(false))
        {
            var result = await copier.CopyAsync(input, lifetime.ApplicationStopping, reporter).ConfigureAwait(false);
            await reporter.CompleteAsync(result).ConfigureAwait(false);
            return result;
        }
    }
}
