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

    // Refusals the emulator must have answered before the storm may end: every one of them a retry the client waited out.
    private const int StormRefusals = 20;

    // The longest back-off (Aps:Retry:MaxDelay with its +25 % jitter): one such step releases every back-off scheduled so far.
    private static readonly TimeSpan BackOffStep = TimeSpan.FromMilliseconds(250);

    // A smaller step, only when a request is retrying but no new retry came for a while: its back-off may have been
    // scheduled just after the clock last moved.
    private static readonly TimeSpan Nudge = TimeSpan.FromMilliseconds(50);

    // Real time, not fake: how often the test looks at the run, and how long a loaded machine may take to finish it.
    private static readonly TimeSpan Poll = TimeSpan.FromMilliseconds(5);
    private static readonly TimeSpan RealLimit = TimeSpan.FromMinutes(4);

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
        var seen = await StormAsync(host, time, weather, endpoint, run);
        host.Emulator.Faults = FaultOptions.None;
        await FinishAsync(time, weather, run);
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

    /// <summary>Keeps the storm on until the client has waited it out for <see cref="StormLength"/> of the fake clock and the
    /// emulator has refused more than <see cref="StormRefusals"/> requests, sampling <see cref="ApsRetryMonitor.Current"/> as it goes.</summary>
    /// <remarks>The clock moves only after a new retry of <paramref name="endpoint"/> is logged (the client was refused and is
    /// backing off), never while the run is still on its way to the storm: however slow the machine, the run meets all of it.</remarks>
    private static async Task<List<ApsRetryWait>> StormAsync(CopyEngineHost host, FakeTimeProvider time, ApsRetryMonitor weather, ApsEndpoint endpoint, Task run)
    {
        var seen = new List<ApsRetryWait>();
        var real = System.Diagnostics.Stopwatch.StartNew();
        var quiet = System.Diagnostics.Stopwatch.StartNew();
        var stormed = TimeSpan.Zero;
        var retries = 0;
        while (stormed < StormLength || host.Emulator.GetStats().FaultsInjected.Values.Sum() <= StormRefusals)
        {
            Assert.True(real.Elapsed < RealLimit, $"the storm was not waited out in {RealLimit} of real time ({retries} retries, {stormed} of the fake clock)");
            Assert.False(run.IsCompleted, "the run ended inside the storm");
            await Task.Delay(Poll);
            var now = RetriesLogged(host, endpoint);
            if (now > retries)
            {
                retries = now;
                quiet.Restart();
                if (weather.Current is { } storm)
                {
                    seen.Add(storm);
                }

                await Task.Delay(1); // the retry schedules its back-off on the fake clock right after logging it
                time.Advance(BackOffStep);
                stormed += BackOffStep;
            }
            else if (weather.Current is not null && quiet.Elapsed > TimeSpan.FromMilliseconds(50))
            {
                quiet.Restart();
                time.Advance(Nudge);
                stormed += Nudge;
            }
        }

        return seen;
    }

    /// <summary>Lets the run finish after the storm, moving the clock only while a request is still backing off from it.</summary>
    private static async Task FinishAsync(FakeTimeProvider time, ApsRetryMonitor weather, Task run)
    {
        var real = System.Diagnostics.Stopwatch.StartNew();
        while (!run.IsCompleted)
        {
            Assert.True(real.Elapsed < RealLimit, $"the run did not end within {RealLimit} of real time after the storm");
            if (weather.Current is not null)
            {
                time.Advance(BackOffStep);
            }

            await Task.WhenAny(run, Task.Delay(Poll));
        }
    }

    private static int RetriesLogged(CopyEngineHost host, ApsEndpoint endpoint)
    {
        var retry = $"APS {endpoint} retry ";
        return host.Logs.Lines.Count(l => l.Contains(retry, StringComparison.Ordinal));
    }

    private static async Task AssertEveryFileStoredAsync(CopyEngineHost host, string runId)
    {
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var manifest = await host.Services.GetRequiredService<ManifestReader>().ReadAsync(runId, CancellationToken.None);
        await Testing.BackupTruth.AssertEveryFileStoredAsync(truth, manifest.Files, host.Container, CancellationToken.None);
    }
}
