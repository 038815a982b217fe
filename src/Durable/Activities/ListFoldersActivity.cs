using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>Lists a slice of a project's folders (<see cref="FolderWaveLister"/>): blob names and counts out, never file lists.</summary>
public sealed class ListFoldersActivity(FolderWaveLister lister, IHostApplicationLifetime lifetime) : TaskActivity<FolderWaveInput, FolderWaveResult>
{
    /// <inheritdoc />
    public override Task<FolderWaveResult> RunAsync(TaskActivityContext context, FolderWaveInput input) =>
        lister.ListAsync(input, lifetime.ApplicationStopping);
}
