using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Quotas;
using Azure.Storage.Blobs;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>The nightly proof in the orchestration: a blob deleted behind the backup's back is found, stored again, reported.</summary>
public sealed class StoredBlobProofOrchestrationTests
{
    [Fact]
    public async Task BackupRun_StoredBlobDeletedBehindTheBackupsBack_NextNightRestoresItAndTheOutcomeSaysSo()
    {
        await using var host = await DurableBackupHost.StartAsync(
            new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, new Dictionary<string, string?> { ["Backup:ProveAllWithinDays"] = "1" });
        var first = await host.RunAsync("night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, first.RuntimeStatus);
        var victim = (await host.Manifests.ReadAsync("night-1", CancellationToken.None)).Files
            .Where(f => f.Status == ManifestStatus.Copied && f.StoredSize > 0).OrderBy(f => f.BlobName, StringComparer.Ordinal).First();
        var raw = new BlobContainerClient((await AzuriteServer.GetAsync()).ConnectionString, host.Container.Name).GetBlobClient(victim.BlobName);
        await raw.DeleteAsync();

        var second = await host.RunAsync("night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        var outcome = second.ReadOutputAs<BackupRunOutcome>()!;
        Assert.Equal(("CompletedWithErrors", 1L, 1L), (outcome.Status, outcome.BlobsLost, outcome.BlobsRestored));
        var finding = Assert.Single((await host.Manifests.ReadAsync("night-2", CancellationToken.None)).Summary.Proof!.Findings);
        Assert.Equal((victim.BlobName, ProofFinding.Missing, victim.BlobName), (finding.BlobName, finding.Problem, finding.RestoredTo));
        Assert.True((await raw.ExistsAsync()).Value, "the deleted blob was not stored again");
    }
}
