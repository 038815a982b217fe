using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>The fan-in (<see cref="ManifestAssembler"/>): writes the manifest from the results blobs and logs the run summary.</summary>
/// <remarks>Returns counts and the manifest's location, not the manifest's lists (size mismatches can be many).</remarks>
public sealed class AssembleManifestActivity(ManifestAssembler assembler, IHostApplicationLifetime lifetime) : TaskActivity<ManifestAssemblyInput, BackupRunOutcome>
{
    /// <inheritdoc />
    public override async Task<BackupRunOutcome> RunAsync(TaskActivityContext context, ManifestAssemblyInput input) =>
        BackupRunOutcome.From(await assembler.WriteAsync(input, lifetime.ApplicationStopping).ConfigureAwait(false));
}
