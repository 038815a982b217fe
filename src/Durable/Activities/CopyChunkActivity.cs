using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>Copies one inventory chunk (<see cref="ChunkCopier"/>); a repeat returns the results already stored.</summary>
public sealed class CopyChunkActivity(ChunkCopier copier, IHostApplicationLifetime lifetime) : TaskActivity<ChunkCopyInput, ChunkCopyResult>
{
    /// <inheritdoc />
    public override Task<ChunkCopyResult> RunAsync(TaskActivityContext context, ChunkCopyInput input) =>
        copier.CopyAsync(input, lifetime.ApplicationStopping);
}
