using AccBackup.Runs;
using AccBackup.Runs.BackupContainer;
using AccBackup.Runs.InProcess;
using AccBackup.Storage;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Quotas;
using Azure.Storage.Blobs;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Runs;

/// <summary>A run's start against the backup container as Azurite has it: gone after a run, or without the retention asked for.</summary>
public sealed class BackupContainerRunTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task RunAsync_BackupContainerDeletedAfterARun_NextRunFailsAsMissingAndDoesNotStartOver()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        await DeleteBackupContainerAsync(host);

        var error = await Assert.ThrowsAsync<BackupContainerException>(() => runner.RunAsync(new BackupRunRequest(RunId: "night-2"), null, CancellationToken.None));

        Assert.Equal(BackupContainerProblem.Missing, error.Problem);
        Assert.Contains("is gone although earlier runs were written into it", error.Message, StringComparison.Ordinal);
        Assert.Null(await host.Container.GetHoldsIfExistsAsync(CancellationToken.None)); // not created again, empty
        var summary = Assert.Single(host.Logs.Lines, l => l.Contains("Backup run night-2 finished", StringComparison.Ordinal));
        Assert.StartsWith($"Error {RunSummaryLog.Category}: Backup run night-2 finished: Failed", summary, StringComparison.Ordinal);
        Assert.Contains("backup container problem: 'missing'", summary, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_FirstRunOnAnAccountKeyWithoutContainers_CreatesThemAndRuns()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        await DeleteBackupContainerAsync(host);

        var result = await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "first"), null, CancellationToken.None);

        Assert.Equal("Succeeded", result.Summary.Status);
        Assert.NotNull(await host.Container.GetHoldsIfExistsAsync(CancellationToken.None));
    }

    [Fact]
    public async Task RunAsync_RetentionAskedAndTheContainerHasNoPolicy_RunFailsAsRetentionMissingBeforeAnyCopy()
    {
        // Azurite cannot set a retention policy: this is the "no policy" path; the decision on a short one is BackupContainerCheckTests'.
        await using var host = await CopyEngineHost.StartAsync(Demo, new Dictionary<string, string?> { ["BackupStorage:ImmutabilityDays"] = "30" });

        var error = await Assert.ThrowsAsync<BackupContainerException>(
            () => host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None));

        Assert.Equal(BackupContainerProblem.RetentionMissing, error.Problem);
        Assert.Contains("BackupStorage:ImmutabilityDays asks for 30 days", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, host.Emulator.GetStats().Count(AccEmulator.Endpoints.EndpointCategory.Oss));
        Assert.Contains(host.Logs.Lines, l => l.Contains("backup container problem: 'retention-missing'", StringComparison.Ordinal));
    }

    private static async Task DeleteBackupContainerAsync(CopyEngineHost host)
    {
        // As an outside hand would: the app's own clients never delete a container.
        var options = host.Services.GetRequiredService<IOptions<BlobStorageOptions>>().Value;
        await new BlobServiceClient(options.ConnectionString).DeleteBlobContainerAsync(options.ContainerName);
    }
}
