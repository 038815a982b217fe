using AccBackup.Runs.Activities;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Progress;

/// <summary>The copy activity as the Function App runs it (<see cref="CopyChunkActivity"/>): while it copies, the files it has
/// stored are recorded every second, and its result at the end (<see cref="ChunkProgressStore"/>), for the run's status. A
/// repeat returns the results already stored.</summary>
public sealed class ProgressRecordingCopy(CopyChunkActivity copier, ChunkProgressStore progress, TimeProvider time, ILogger<ProgressRecordingCopy> logger)
    : IRunActivity<CopyChunkInput, CopyChunkResult>
{
    /// <inheritdoc />
    public async Task<CopyChunkResult> RunAsync(CopyChunkInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        var reporter = new ChunkProgressReporter(progress, input.InventoryChunk, time, logger);
        await using (reporter.ConfigureAwait(false))
        {
            var result = await copier.CopyAsync(input, cancellationToken, reporter).ConfigureAwait(false);
            await reporter.CompleteAsync(result).ConfigureAwait(false);
            return result;
        }
    }
}
