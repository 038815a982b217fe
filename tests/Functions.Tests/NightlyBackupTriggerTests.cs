using AccBackup.Durable.Control;
using AccBackup.Durable.Tests;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.Azure.Functions.Worker;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Functions.Tests;

/// <summary>The timer: the night's run once, whatever the number of fires that night.</summary>
public sealed class NightlyBackupTriggerTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task Run_FiredTwiceTheSameNight_StartsTheNightsRunOnceAndTheSecondFireIsAnInformationNoOp()
    {
        var logs = new RecordingLoggerProvider();
        await using var backup = await DurableBackupHost.StartAsync(Demo, services: s => s.AddLogging(l => l.AddProvider(logs)));
        var clock = new FakeTimeProvider(new DateTimeOffset(2026, 11, 25, 2, 0, 0, TimeSpan.Zero));
        var trigger = ActivatorUtilities.CreateInstance<NightlyBackupTrigger>(backup.Services, clock);

        var first = await trigger.Run(new TimerInfo(), backup.Client, CancellationToken.None);
        await backup.WaitAsync(first.RunId);
        clock.Advance(TimeSpan.FromHours(3));
        var second = await trigger.Run(new TimerInfo(), backup.Client, CancellationToken.None);

        Assert.Equal((StartOutcome.Started, "20261124-nightly"), (first.Outcome, first.RunId));
        Assert.Equal((StartOutcome.AlreadyExists, "20261124-nightly"), (second.Outcome, second.RunId));
        var run = Assert.Single(await backup.InstancesAsync(), r => r.Name == Durable.Orchestrations.BackupRunOrchestrator.Name);
        Assert.Equal(OrchestrationRuntimeStatus.Completed, run.RuntimeStatus);
        var noOp = Assert.Single(logs.Entries, e => e.Category == typeof(BackupStarter).FullName && e.Message.Contains("exists already", StringComparison.Ordinal));
        Assert.Equal(LogLevel.Information, noOp.Level);
        Assert.DoesNotContain(logs.Entries, e => e.Category == typeof(BackupStarter).FullName && e.Level >= LogLevel.Warning);
    }
}
