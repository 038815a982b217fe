using AccBackup.Durable.Control;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Tests.Control;

/// <summary>One run at a time, however many starts arrive at once.</summary>
public sealed class BackupStarterTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task StartAsync_EightStartsAtOnce_StartsExactlyOneAndTheOthersNameIt()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);
        var starter = host.Services.GetRequiredService<BackupStarter>();
        var go = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        var starts = Enumerable.Range(1, 8).Select(i => Task.Run(async () =>
        {
            await go.Task;
            return await starter.StartAsync(host.Client, $"race-{i}", new BackupRunRequest(DryRun: true), CancellationToken.None);
        })).ToList();
        go.SetResult();
        var results = await Task.WhenAll(starts);

        var started = Assert.Single(results, r => r.Outcome == StartOutcome.Started);
        Assert.All(results.Where(r => r != started), r => Assert.Equal((StartOutcome.RunInProgress, started.RunId), (r.Outcome, r.RunId)));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, (await host.WaitAsync(started.RunId)).RuntimeStatus);
        Assert.Equal([started.RunId], (await host.InstancesAsync()).Where(i => i.Name == BackupRunOrchestrator.Name).Select(i => i.InstanceId));
    }

    [Fact]
    public async Task StartAsync_AfterTheRunHoldingTheClaimEnded_StartsTheNextRun()
    {
        await using var host = await DurableBackupHost.StartAsync(Demo);
        var starter = host.Services.GetRequiredService<BackupStarter>();
        var first = await starter.StartAsync(host.Client, "first", new BackupRunRequest(DryRun: true), CancellationToken.None);
        await host.WaitAsync(first.RunId);

        var second = await starter.StartAsync(host.Client, "second", new BackupRunRequest(DryRun: true), CancellationToken.None);

        Assert.Equal((StartOutcome.Started, StartOutcome.Started), (first.Outcome, second.Outcome));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, (await host.WaitAsync(second.RunId)).RuntimeStatus);
    }
}
