using AccBackup.Manifest;
using AccBackup.Proof;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>The nightly proof (<see cref="StoredBlobProver"/>): tonight's slice of the stored blobs checked, what is missing or
/// damaged stored again from ACC; its summary goes to the manifest.</summary>
public sealed class ProveStoredBlobsActivity(StoredBlobProver prover, IHostApplicationLifetime lifetime) : TaskActivity<ProofInput, ProofSummary?>
{
    /// <inheritdoc />
    public override Task<ProofSummary?> RunAsync(TaskActivityContext context, ProofInput input) => prover.ProveAsync(input, lifetime.ApplicationStopping);
}
