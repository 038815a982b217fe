using System.Security.Cryptography;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Storage;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Runs;

/// <summary>Versions new to the backup (a first night on an empty backup, or what a night finds changed since the latest
/// run) are written without looking for their blobs first; where a run that never finished may have stored some, the
/// copies look first and download nothing it stored.</summary>
public sealed class NewToBackupTests
{
    [Fact]
    public async Task RunAsync_FirstNightOnAnEmptyBackupThenANightOfChanges_EachNewVersionStoredIdenticalWithoutALookFirst()
    {
        await using var host = await CountedHost.StartAsync();
        var ct = CancellationToken.None;

        var first = await host.RunAsync("night-1");

        var stored = (await host.ManifestAsync("night-1")).Files.Where(e => e.Status == ManifestStatus.Copied).ToList();
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, ct);
        Assert.Equal(truth.Count(f => f.HasStorage), stored.Count);
        Assert.Equal(0, first.Summary.Failed);
        Assert.All(stored, e => Assert.True(host.Counter.LooksAt(e.BlobName!) == 0, $"{e.BlobName} was looked for before it was written"));

        var changed = truth.First(f => f.HasStorage && f.ServedLength > 0);
        host.Emulator.Mutations.ChangeFile(changed.ItemId, 2345);
        var added = host.Emulator.Mutations.AddFile(changed.FolderId, "added on night 2.txt", 5432);

        var second = await host.RunAsync("night-2");

        Assert.StartsWith("incremental from run night-1", second.Summary.ListingMode, StringComparison.Ordinal);
        var copied = (await host.ManifestAsync("night-2")).Files.Where(e => e.Status == ManifestStatus.Copied).ToList();
        Assert.Equal(new[] { added.Id, changed.ItemId }.Order(StringComparer.Ordinal), copied.Select(e => e.ItemId).Order(StringComparer.Ordinal));
        var now = (await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, ct)).ToDictionary(f => f.ItemId, StringComparer.Ordinal);
        foreach (var entry in copied)
        {
            Assert.Equal(0, host.Counter.LooksAt(entry.BlobName!));
            await using var blob = await host.Container.OpenReadAsync(entry.BlobName!, null, null, ct);
            Assert.Equal(now[entry.ItemId].Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(blob, ct)));
        }
    }

    [Fact]
    public async Task RunAsync_AfterARunThatNeverFinished_LooksFirstAndDownloadsNothingItStored()
    {
        await using var host = await CountedHost.StartAsync();
        var ct = CancellationToken.None;
        var killed = await host.RunAsync("night-1");
        // As if killed just before its manifest: its blobs are stored, and nothing says the run finished.
        await host.Unguarded.DeleteIfExistsAsync(RunLayout.Json("night-1"), ct);
        await host.Unguarded.DeleteIfExistsAsync(RunLayout.Csv("night-1"), ct);
        await host.State.DeleteIfExistsAsync(RunLayout.LatestPointer, ct);
        host.Emulator.ResetStats();

        var next = await host.RunAsync("night-2");

        Assert.Equal((0L, killed.Summary.Copied), (next.Summary.Copied, next.Summary.Unchanged));
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Oss));
    }

    /// <summary>The engine's services on a fresh container of Azurite, every storage request passing <see cref="Counter"/>.</summary>
    private sealed class CountedHost : IAsyncDisposable
    {
        private readonly ServiceProvider provider;

        private CountedHost(EmulatorServer emulator, ServiceProvider provider, BlobReadCounter counter)
        {
            Emulator = emulator;
            this.provider = provider;
            Counter = counter;
        }

        public EmulatorServer Emulator { get; }

        public BlobReadCounter Counter { get; }

        public BlobContainer Container => provider.GetRequiredService<BlobContainer>();

        public BlobContainer State => provider.GetRequiredKeyedService<BlobContainer>(BlobContainer.StateKey);

        /// <summary>The backup container without the write-once guard, to play a run killed before its manifest.</summary>
        public BlobContainer Unguarded { get; private init; } = null!;

        public static async Task<CountedHost> StartAsync()
        {
            var azurite = await AzuriteServer.GetAsync();
            var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
            var settings = BackupSettings.For(emulator, azurite, AzuriteServer.NewContainerName("new"), new Dictionary<string, string?> { ["Backup:Modules"] = "files" });
            var counter = new BlobReadCounter();
            var services = new ServiceCollection();
            services.AddLogging();
            counter.RegisterContainers(services, countState: false);
            services.AddBackupRuns(new ConfigurationBuilder().AddInMemoryCollection(settings).Build());
            var provider = services.BuildServiceProvider();
            await provider.GetRequiredService<BlobContainer>().CreateIfNotExistsAsync(CancellationToken.None);
            return new CountedHost(emulator, provider, counter)
            {
                Unguarded = new BlobContainer(provider.GetRequiredService<IOptions<BlobStorageOptions>>(), Microsoft.Extensions.Logging.Abstractions.NullLogger<BlobContainer>.Instance),
            };
        }

        public Task<BackupRunResult> RunAsync(string runId) =>
            provider.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: runId), null, CancellationToken.None);

        public async Task<RunManifest> ManifestAsync(string runId) =>
            await provider.GetRequiredService<ManifestReader>().ReadAsync(runId, CancellationToken.None);

        public async ValueTask DisposeAsync()
        {
            Unguarded.Dispose();
            await provider.DisposeAsync();
            await Emulator.DisposeAsync();
        }
    }
}
