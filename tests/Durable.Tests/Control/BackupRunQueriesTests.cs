using AccBackup.Durable.Control;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccEmulator;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Tests.Control;

/// <summary>What the status endpoint shows of a run: progress within seconds of bytes landing, and why a run failed.</summary>
public sealed class BackupRunQueriesTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task GetAsync_WhileChunksAreBeingCopied_FilesCopiedMovesBeforeTheyEndNeverDropsAndNeverExceedsTheBlobsStored()
    {
        // One project in few chunks, served at 300 kB/s: each copy activity lasts seconds, and ends only when all its files are in.
        var slow = Demo with { Faults = new FaultOptions { Bandwidth = new BandwidthLimits { TotalBytesPerSecond = 300_000 } } };
        await using var host = await DurableBackupHost.StartAsync(slow, new Dictionary<string, string?> { ["Backup:FilesPerChunk"] = "5000" });
        var queries = host.Services.GetRequiredService<BackupRunQueries>();
        await host.Container.CreateIfNotExistsAsync(CancellationToken.None); // so that it can be counted from the start
        var input = new BackupRunInput(new BackupRunRequest(IncludeProjects: "Demo Hospital"), host.Settings);
        await host.Client.ScheduleNewOrchestrationInstanceAsync(TaskNames.BackupRun, input, new StartOrchestrationOptions("live-1"));
        var seen = new List<long>();

        while (await queries.GetAsync(host.Client, "live-1", CancellationToken.None) is { RuntimeStatus: "Pending" or "Running" } view)
        {
            var stored = await host.Container.ListAsync(null, CancellationToken.None).CountAsync();
            Assert.True(view.Progress is null || view.Progress.FilesCopied <= stored, $"{view.Progress?.FilesCopied} files counted, {stored} blobs stored");
            Assert.True(view.Progress is null || view.Progress.FilesCopied >= seen.LastOrDefault(), $"dropped: {string.Join(", ", seen)}, {view.Progress?.FilesCopied}");
            seen.Add(view.Progress?.FilesCopied ?? 0);
            await Task.Delay(TimeSpan.FromMilliseconds(200));
        }

        // Counted only as copy activities end, the count could take no more values than there are copy activities.
        var outcome = (await host.WaitAsync("live-1")).ReadOutputAs<BackupRunOutcome>()!;
        var counts = seen.Where(copied => copied > 0).Distinct().Count();
        Assert.True(counts > outcome.CopyActivities, $"{counts} counts seen ({string.Join(", ", seen)}), {outcome.CopyActivities} copy activities");
        var recorded = await host.Services.GetRequiredService<Progress.ChunkProgressStore>().SumAsync("live-1", CancellationToken.None);
        Assert.Equal(outcome.Copied, recorded.Copied);
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
        var instance = new OrchestrationMetadata(TaskNames.BackupRun, "bad-credentials") { RuntimeStatus = OrchestrationRuntimeStatus.Failed, FailureDetails = null };
        var status = new RunStatus(new BackupProgress("bad-credentials", "failed", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), 0)
        {
            Failure = "APS rejected the credentials: check Aps:ClientId and Aps:ClientSecret",
        };

        var failure = BackupRunQueries.FailureOf(instance, status);

        Assert.Equal(status.Failure, failure);
    }
}
