using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Runs.State;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs.State;

/// <summary>A whole incremental night in one process, every blob read counted: the previous run's state is loaded once
/// per run, and the fan-in reads each results chunk once.</summary>
public sealed class RunStateReadsTests
{
    [Fact]
    public async Task RunAsync_IncrementalNight_ReadsThePreviousRunsStateOnceEachResultsChunkOnceAndLetsTheStateGoAtTheFanIn()
    {
        var azurite = await AzuriteServer.GetAsync();
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var settings = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("reads"));
        using var counter = new BlobReadCounter();
        var services = new ServiceCollection();
        services.AddLogging();

        counter.RegisterContainers(services, countState: true);
        services.AddBackupRuns(new ConfigurationBuilder().AddInMemoryCollection(settings).Build());
        await using var provider = services.BuildServiceProvider();
        var container = provider.GetRequiredService<BlobContainer>();
        await container.CreateIfNotExistsAsync(CancellationToken.None);
        var first = await provider.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        var before = counter.Reads.ToDictionary(r => r.Key, r => r.Value, StringComparer.Ordinal);

        var second = await provider.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "night-2"), null, CancellationToken.None);

        var reads = counter.Reads.ToDictionary(r => r.Key, r => r.Value - before.GetValueOrDefault(r.Key), StringComparer.Ordinal);
        Assert.StartsWith("incremental from run night-1", second.Summary.ListingMode, StringComparison.Ordinal);
        Assert.Equal(first.Summary.Copied, second.Summary.Unchanged);
        var previousState = reads.Where(r => r.Key.StartsWith(RunLayout.RunFolder("night-1"), StringComparison.Ordinal) && r.Value > 0).ToList();
        Assert.Contains(previousState, r => r.Key == RunLayout.Json("night-1"));
        Assert.Contains(previousState, r => r.Key.StartsWith(RunLayout.InventoryPrefix("night-1"), StringComparison.Ordinal));
        Assert.All(previousState, r => Assert.True(r.Value == 1, $"{r.Key} read {r.Value} times"));
        var results = await ResultsChunksAsync(provider.GetRequiredKeyedService<BlobContainer>(BlobContainer.StateKey), "night-2");
        Assert.NotEmpty(results);
        Assert.All(results, name => Assert.Equal(1, reads.GetValueOrDefault(name)));

        // The fan-in let go of night-1's folder tree and inventory: asked for again, they are read again.
        var afterNight = counter.Reads.ToDictionary(r => r.Key, r => r.Value, StringComparer.Ordinal);
        var state = await provider.GetRequiredService<PreviousRunStateStore>().LoadAsync("night-1", CancellationToken.None);
        Assert.Contains(counter.Reads, r => r.Key.StartsWith(RunLayout.FolderStatePrefix("night-1"), StringComparison.Ordinal) && r.Value > afterNight.GetValueOrDefault(r.Key));

        // Read back, a file's manifest entry and inventory record share their strings (SharedStrings): one copy each.
        var record = state.Records.First(r => state.EntryFor(r.ItemId) is { Status: ManifestStatus.Copied });
        var entry = state.EntryFor(record.ItemId)!;
        Assert.Same(entry.ItemId, record.ItemId);
        Assert.Same(entry.VersionId, record.VersionId);
        Assert.Same(entry.BlobName, record.BlobName);
    }

    private static async Task<List<string>> ResultsChunksAsync(BlobContainer container, string runId)
    {
        var names = new List<string>();
        await foreach (var blob in container.ListAsync(RunLayout.RunFolder(runId) + "results/", CancellationToken.None))
        {
            names.Add(blob.Name);
        }

        return names;
    }
}
