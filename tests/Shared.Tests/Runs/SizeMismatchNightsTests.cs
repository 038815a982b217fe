using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs;

/// <summary>A file whose size APS misreports stays mismatched every night: only its first night counts it as new.</summary>
public sealed class SizeMismatchNightsTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task RunAsync_SameMismatchTwoNights_SecondNightCountsItKnownNotNew()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();

        var night1 = await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        var night2 = await runner.RunAsync(new BackupRunRequest(RunId: "night-2"), null, CancellationToken.None);

        // The demo's drift.bin: APS says 10,517 bytes, 10,000 are served, night after night.
        Assert.Equal((1L, 1L), (night1.Summary.SizeMismatchCount, night1.Summary.NewSizeMismatchCount));
        Assert.Equal((1L, 0L), (night2.Summary.SizeMismatchCount, night2.Summary.NewSizeMismatchCount));
        Assert.Equal("Succeeded", night2.Summary.Status);
        var summary2 = Assert.Single(host.Logs.Lines, l => l.Contains("Backup run night-2 finished", StringComparison.Ordinal));
        Assert.StartsWith("Information ", summary2, StringComparison.Ordinal);
        Assert.Contains("1 size mismatches (0 new)", summary2, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_FullRescanAfterANight_MismatchStillKnown()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);

        var full = await runner.RunAsync(new BackupRunRequest(RunId: "night-2", FullRescan: true), null, CancellationToken.None);

        Assert.Equal((1L, 0L), (full.Summary.SizeMismatchCount, full.Summary.NewSizeMismatchCount));
    }
}
