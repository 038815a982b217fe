using AccBackup.Acc;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Retry;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Runs;

/// <summary>Storms are weather, not failure: 429 and 5xx storms are waited out within Aps:Retry:MaxDuration, and only a storm
/// longer than the budget fails the folders it hit, with a reason naming it.</summary>
public sealed class StormNightTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    // Five seconds of storm on the engine's fake clock: twice what 8 quick retries (10 ms doubling) last, far inside the budget below.
    private static readonly TimeSpan StormLength = TimeSpan.FromSeconds(5);

    // How far the fake clock moves at each step, a real millisecond or more apart: a quarter of the longest back-off wait.
    private static readonly TimeSpan Step = TimeSpan.FromMilliseconds(50);

    private static readonly Dictionary<string, string?> QuickStormSettings = new()
    {
        ["Aps:Retry:BaseDelay"] = "00:00:00.010",
        ["Aps:Retry:MaxDelay"] = "00:00:00.200",
        ["Aps:Retry:MaxDuration"] = "00:01:00",
        ["Aps:Retry:WarnAfter"] = "00:00:01",
    };

    // The fake clock runs ahead of real time: no attempt of a slow request on a loaded machine may time out on it.
    private static readonly Dictionary<string, string?> FakeClockSettings = new(QuickStormSettings) { ["Aps:AttemptTimeout"] = "00:30:00" };

    /// <summary>Where the emulator storms, what it answers, and the APS endpoint the client sees it on.</summary>
    public static TheoryData<EndpointCategory, string, ApsEndpoint> Storms => new()
    {
        { EndpointCategory.FolderContents, "429", ApsEndpoint.FolderContents },
        { EndpointCategory.FolderContents, "5xx", ApsEndpoint.FolderContents },
        { EndpointCategory.Oss, "429", ApsEndpoint.SignedDownload },
    };

    [Theory]
    [MemberData(nameof(Storms))]
    public async Task RunAsync_StormLongerThanQuickRetriesButWithinTheBudget_WaitsItOutAndStoresEveryFile(EndpointCategory category, string kind, ApsEndpoint endpoint)
    {
        var time = new FakeTimeProvider(DateTimeOffset.UtcNow);
        await using var host = await CopyEngineHost.StartAsync(Demo, FakeClockSettings, time: time);
        var weather = host.Services.GetRequiredService<ApsRetryMonitor>();
        host.Emulator.Faults = FaultOptions.None.With(category, kind == "429"
            ? new EndpointFaults { TooManyRequestsRate = 1.0, RetryAfter = null }
            : new EndpointFaults { ServerErrorRate = 1.0 });

        var run = host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "stormy"), null, CancellationToken.None);
        var stormEnds = time.GetUtcNow() + StormLength;
        var seen = await MoveClockAsync(time, weather, () => time.GetUtcNow() >= stormEnds);
        host.Emulator.Faults = FaultOptions.None;
        await MoveClockAsync(time, weather, () => run.IsCompleted);
        var result = await run;

        Assert.True(result.Summary.IsComplete, string.Join("; ", result.Summary.FailedProjects.Select(p => p.Error)));
        Assert.True(host.Emulator.GetStats().FaultsInjected.Values.Sum() > 20, "the storm was injected");
        Assert.Contains(seen, s => s.Endpoint == endpoint && (kind == "429" ? s.Reason == "429" : s.Reason is "500" or "503"));
        Assert.Contains(host.Logs.Lines, l => l.StartsWith("Warning", StringComparison.Ordinal) && l.Contains($"APS {endpoint} still answering", StringComparison.Ordinal));
        Assert.Null(weather.Current);
        await AssertEveryFileStoredAsync(host, "stormy");
    }

    [Fact]
    public async Task RunAsync_StormLongerThanTheBudget_RecordsTheFoldersAsFailedNamingTheStorm()
    {
        var settings = new Dictionary<string, string?>(QuickStormSettings) { ["Aps:Retry:MaxDuration"] = "00:00:00.300", ["Backup:ActivityAttempts"] = "1" };
        await using var host = await CopyEngineHost.StartAsync(Demo, settings);
        host.Emulator.Faults = FaultOptions.None.With(EndpointCategory.FolderContents, new EndpointFaults { TooManyRequestsRate = 1.0, RetryAfter = null });

        var result = await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "too-stormy"), null, CancellationToken.None);

        Assert.Equal(3, result.Summary.FailedProjects.Count);
        Assert.All(result.Summary.FailedProjects, p =>
            Assert.Contains("APS FolderContents still failing after", p.Error, StringComparison.Ordinal));
        Assert.All(result.Summary.FailedProjects, p =>
            Assert.Contains("(429 quota exceeded): retrying longer than Aps:Retry:MaxDuration (00:00:00.3000000)", p.Error, StringComparison.Ordinal));
        Assert.False(result.Summary.IsComplete);
    }

    /// <summary>Moves <paramref name="time"/> a <see cref="Step"/> at a time until <paramref name="done"/>, sampling
    /// <see cref="ApsRetryMonitor.Current"/> at each step; at most ten budgets (Aps:Retry:MaxDuration) of the fake clock.</summary>
    private static async Task<List<ApsRetryWait>> MoveClockAsync(FakeTimeProvider time, ApsRetryMonitor weather, Func<bool> done)
    {
        var seen = new List<ApsRetryWait>();
        for (var steps = 0; !done(); steps++)
        {
            Assert.True(steps < 12_000, "ten minutes of the fake clock passed without the run ending");
            if (weather.Current is { } storm)
            {
                seen.Add(storm);
            }

            await Task.Delay(1); // lets the run reach its next back-off before the clock moves on
            time.Advance(Step);
        }

        return seen;
    }

    private static async Task AssertEveryFileStoredAsync(CopyEngineHost host, string runId)
    {
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var manifest = await host.Services.GetRequiredService<ManifestReader>().ReadAsync(runId, CancellationToken.None);
        await Testing.BackupTruth.AssertEveryFileStoredAsync(truth, manifest.Files, host.Container, CancellationToken.None);
    }
}
