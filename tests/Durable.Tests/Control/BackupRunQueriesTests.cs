using AccBackup.Durable.Control;
using AccBackup.Durable.Orchestrations;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.State;
using AccEmulator;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace AccBackup.Durable.Tests.Control;

/// <summary>What the status endpoint shows of a run: progress within seconds of bytes landing, and why a run failed.</summary>
public sealed class BackupRunQueriesTests(ITestOutputHelper output)
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task GetAsync_WhileChunksAreBeingCopied_CountsFilesOfChunksNotEndedNeverDropsAndNeverExceedsTheBlobsStored()
    {
        // One project, one file at a time at 100 kB/s: each copy activity lasts seconds, and ends only when all its files are in.
        var slow = Demo with { Faults = new FaultOptions { Bandwidth = new BandwidthLimits { TotalBytesPerSecond = 100_000 } } };
        await using var host = await DurableBackupHost.StartAsync(
            slow, new Dictionary<string, string?> { ["Backup:FilesPerChunk"] = "5000", ["Copy:MaxConcurrentFiles"] = "1" });
        var queries = host.Services.GetRequiredService<BackupRunQueries>();
        await host.Container.CreateIfNotExistsAsync(CancellationToken.None); // both counted from the start
        await host.State.CreateIfNotExistsAsync(CancellationToken.None);
        var input = new BackupRunInput(new BackupRunRequest(IncludeProjects: "Demo Hospital"), host.Settings);
        await host.Client.ScheduleNewOrchestrationInstanceAsync(BackupRunOrchestrator.Name, input, new StartOrchestrationOptions("live-1"));
        var seen = new List<(long Counted, long InEndedChunks)>();

        while (await queries.GetAsync(host.Client, "live-1", CancellationToken.None) is { RuntimeStatus: "Pending" or "Running" } view)
        {
            // Read after the view: both only grow, so a count above them is a count of files not stored (or of chunks not ended).
            var stored = await host.Container.ListAsync(null, CancellationToken.None).CountAsync();
            var inEndedChunks = await CopiedInEndedChunksAsync(host, "live-1");
            var counted = view.Progress?.FilesCopied ?? 0;
            Assert.True(counted <= stored, $"{counted} files counted, {stored} blobs stored");
            Assert.True(counted >= (seen.Count == 0 ? 0 : seen[^1].Counted), $"dropped: {string.Join(", ", seen)}, {counted}");
            seen.Add((counted, inEndedChunks));
            await Task.Delay(TimeSpan.FromMilliseconds(200));
        }

        var outcome = (await host.WaitAsync("live-1")).ReadOutputAs<BackupRunOutcome>()!;
        output.WriteLine($"files copied (counted, in ended chunks) every 200 ms: {string.Join(", ", seen)}; {outcome.CopyActivities} copy activities, {outcome.Copied} files copied");
        Assert.Contains(seen, s => s.Counted > s.InEndedChunks);
        var recorded = await host.Services.GetRequiredService<Progress.ChunkProgressStore>().SumAsync("live-1", CancellationToken.None);
        Assert.Equal(outcome.Copied, recorded.Copied);
    }

    /// <summary>Files copied by the chunks whose copy activity has ended: their results blobs, written before they return.</summary>
    private static async Task<long> CopiedInEndedChunksAsync(DurableBackupHost host, string runId)
    {
        var blobs = host.Services.GetRequiredService<NdjsonBlobs>();
        var copied = 0L;
        await foreach (var results in host.State.ListAsync(RunLayout.RunFolder(runId) + "results/", CancellationToken.None))
        {
            var entries = await blobs.ReadAsync(results.Name, RunJsonContext.Default.ManifestEntry, CancellationToken.None);
            copied += entries?.Count(e => e.Status == ManifestStatus.Copied) ?? 0;
        }

        return copied;
    }

    [Fact]
    public async Task GetAsync_RunFailedOnCredentials_FailureNamesTheSettings()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:ClientSecret"] = "wrong-secret" });
        var queries = host.Services.GetRequiredService<BackupRunQueries>();
        await host.RunAsync("bad-credentials", new BackupRunInput(new BackupRunRequest(), host.Settings));

        var view = await queries.GetAsync(host.Client, "bad-credentials", CancellationToken.None);

        Assert.Equal("Failed", view!.RuntimeStatus);
        Assert.Contains("Aps:ClientSecret", view.Failure, StringComparison.Ordinal);
    }

    [Fact]
    public void FailureOf_HostGivesNoFailureDetails_TheStatusSaysWhy()
    {
        // A Functions host reports a failed instance's reason as its output only: the run's custom status carries it too.
        var instance = new OrchestrationMetadata(BackupRunOrchestrator.Name, "bad-credentials") { RuntimeStatus = OrchestrationRuntimeStatus.Failed, FailureDetails = null };
        var status = new RunStatus(new BackupProgress("bad-credentials", "failed", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0)
        {
            Failure = "APS rejected the credentials: check Aps:ClientId and Aps:ClientSecret",
        };

        var failure = BackupRunQueries.FailureOf(instance, status);

        Assert.Equal(status.Failure, failure);
    }
}
