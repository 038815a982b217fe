using System.Diagnostics;
using System.Globalization;
using AccBackup.Acc;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Quotas;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Xunit.Abstractions;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>
/// Scale-out over real HTTP: two <c>acc-backup run</c> processes, each backing up part of the demo account from one
/// emulator with its quotas on, into one container. Quotas are a tenth of APS's per 6-second window (the same rate as
/// APS, counted ten times as often), so the runs are quota-bound and quick; the client is told the same window.
/// </summary>
[Trait("Category", "Slow")]
public sealed class SharedQuotaRunTests(ITestOutputHelper output)
{
    private static readonly TimeSpan Window = TimeSpan.FromSeconds(6);
    private static readonly string[][] Halves = [["Demo Tower"], ["Demo Hospital", "Demo Empty"]];

    [Fact]
    public async Task Run_TwoProcessesSharingTheBudget_No429sEveryFileStoredNoSlowerThanOne()
    {
        // Interleaved, best of two each: the machine is shared, and a neighbour's build during one run alone would
        // make either side look slow.
        var ones = new List<Outcome>();
        var shareds = new List<Outcome>();
        for (var round = 0; round < 2; round++)
        {
            ones.Add(await BackUpAsync(ApsQuotaScope.Process, [null]));
            shareds.Add(await BackUpAsync(ApsQuotaScope.Shared, Halves));
        }

        ones.ForEach(o => Report("one process, whole account, Process scope", o));
        shareds.ForEach(o => Report("two processes, half each, Shared scope", o));
        Assert.All(shareds, o => Assert.Equal(0, o.Throttled));

        // Quota-bound, so the same calls take about the same time however many processes make them. The margin covers
        // a second .NET process on a small shared machine (start, JIT) and the test's tiny batches (a tenth of APS's
        // quota per window means 1–2 calls per take); measured 0.96–1.20× here with both scopes keeping the same window rule.
        var (one, shared) = (ones.Min(o => o.Wall), shareds.Min(o => o.Wall));
        Assert.True(shared <= one * 1.25, $"two processes sharing the budget took {shared.TotalSeconds:F1} s, one process {one.TotalSeconds:F1} s (best of two each)");
        Assert.All(shareds, o => Assert.InRange(o.BlobCalls, 1, o.ApsCalls - 1));
    }

    [Fact]
    public async Task Run_TwoBusyProcesses_StayUnderTheQuotaOnlyWhenTheyShareIt()
    {
        // Both processes list and copy the whole account at once (into one container: the copier settles who stores
        // each version), so each is quota-bound the whole time: the worst case for the quota.
        // 0.7, not 0.8: both processes at once are busier than any other case here (see BackUpAsync).
        var shared = await BackUpAsync(ApsQuotaScope.Shared, [null, null], share: "0.7");
        var separate = await BackUpAsync(ApsQuotaScope.Process, [null, null], share: "0.7");

        Report("two processes, whole account each, Shared scope", shared);
        Report("two processes, whole account each, Process scope", separate);
        Assert.Equal(0, shared.Throttled);
        Assert.True(separate.Throttled > 0, "two processes each pacing to the whole share never hit the quota: the test cannot tell the scopes apart");
    }

    [Fact]
    public async Task Run_DemoAccountUnderAPSsOwnQuotas_IsNotPacedBelowWhatTheQuotaAllows()
    {
        // The demo account (283 files, 279 signed URLs) needs less than one minute's quota of every endpoint, so pacing
        // it is pure loss: with pacing on (the product's defaults) it should take about what it takes with pacing off.
        // Interleaved, best of two each: the machine is shared, and a neighbour's build can double one run's time.
        var minute = TimeSpan.FromMinutes(1);
        var unpaced = new List<Outcome>();
        var paced = new List<Outcome>();
        for (var round = 0; round < 2; round++)
        {
            unpaced.Add(await BackUpAsync(ApsQuotaScope.Process, [null], minute, share: null, pacing: false));
            paced.Add(await BackUpAsync(ApsQuotaScope.Process, [null], minute, share: null, pacing: true));
        }

        unpaced.ForEach(o => Report("one process, whole account, real quotas, client pacing off", o));
        paced.ForEach(o => Report("one process, whole account, real quotas, client pacing on", o));
        Assert.All(paced, o => Assert.Equal(0, o.Throttled));
        var (fastestPaced, fastestUnpaced) = (paced.Min(o => o.Wall), unpaced.Min(o => o.Wall));
        Assert.True(fastestPaced <= fastestUnpaced * 1.5, $"paced {fastestPaced.TotalSeconds:F1} s, unpaced {fastestUnpaced.TotalSeconds:F1} s (best of two each)");
    }

    private static Task<Outcome> BackUpAsync(ApsQuotaScope scope, string[]?[] parts, string share = "0.8") => BackUpAsync(scope, parts, Window, share, pacing: true);

    private static async Task<Outcome> BackUpAsync(ApsQuotaScope scope, string[]?[] parts, TimeSpan window, string? share, bool pacing)
    {
        var limits = QuotaOptions.ApsLimits.ToDictionary(l => l.Key, l => (int)(l.Value * window.Ticks / TimeSpan.FromMinutes(1).Ticks));
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions
        {
            Dataset = EmulatorDatasets.Demo,
            Quotas = new QuotaOptions { Window = window, Limits = limits },
        });
        var environment = await CliHarness.StorageEnvironmentAsync();
        environment["Aps__BaseUrl"] = emulator.BaseUrl.ToString();
        environment["Aps__ClientId"] = emulator.ClientId;
        environment["Aps__ClientSecret"] = emulator.ClientSecret;
        environment["Aps__AccountId"] = emulator.AccountId;
        environment["Aps__Quota__Scope"] = scope.ToString();
        environment["Aps__Quota__Window"] = window.ToString("c", CultureInfo.InvariantCulture);
        environment["Aps__Quota__WindowMargin"] = (window / 30).ToString("c", CultureInfo.InvariantCulture); // APS's 2 s a minute
        environment["Aps__Quota__Enabled"] = pacing ? "true" : "false";

        // Windows ten times shorter magnify the gap between when a call is granted and when it reaches the emulator
        // (a loaded machine delays some and then delivers them together): 0.8 instead of 0.9 leaves room for it, and 0.7
        // where two processes each back up the whole account (0.8 saw 7 × 429 of 519 calls there once, with every other
        // test assembly running beside it; two processes each pacing to 0.7 alone still ask 1.4 × the quota).
        if (share is not null)
        {
            environment["Aps__Quota__Share"] = share;
        }
        using var container = CliHarness.ContainerFor(environment);
        await container.CreateIfNotExistsAsync(CancellationToken.None);

        var clock = Stopwatch.StartNew();
        using var hang = new CancellationTokenSource(Testing.TestWaits.Run);
        var runs = await Task.WhenAll(parts.Select((projects, i) => CliChildProcess.RunAsync(environment, hang.Token,
            [.. Arguments($"part{i}", projects)])));
        var wall = clock.Elapsed;

        Assert.All(runs, run => Assert.True(run.ExitCode == 0, run.ToString()));
        var reader = new ManifestReader(container, container);
        var entries = new List<ManifestEntry>();
        var longest = 0.0;
        for (var i = 0; i < parts.Length; i++)
        {
            var manifest = await reader.ReadAsync($"part{i}", CancellationToken.None);
            entries.AddRange(manifest.Files);
            longest = Math.Max(longest, manifest.Summary.DurationSeconds);
        }

        await AssertEveryFileStoredAsync(emulator, entries);
        var stats = emulator.GetStats();
        var apsCalls = stats.Requests.Where(r => r.Key is not (EndpointCategory.Download or EndpointCategory.Control)).Sum(r => r.Value.Values.Sum());
        var throttled = stats.Requests.Values.Sum(byStatus => byStatus.GetValueOrDefault(429));
        using var state = CliHarness.ContainerFor(environment, state: true);
        var blobCalls = await QuotaBlobCallsAsync(state, parts.Length);
        return new Outcome(wall, longest, throttled, apsCalls, blobCalls);
    }

    private static IEnumerable<string> Arguments(string runId, string[]? projects)
    {
        yield return "run";
        yield return "--json";
        yield return "--run-id";
        yield return runId;
        if (projects is not null)
        {
            yield return "--projects";
            yield return string.Join(',', projects);
        }
    }

    private static async Task AssertEveryFileStoredAsync(EmulatorServer emulator, List<ManifestEntry> entries)
    {
        var truth = await emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var byItem = entries.ToLookup(e => e.ItemId);
        Assert.Equal(truth.Count, byItem.Count);
        foreach (var file in truth.Where(f => f.HasStorage))
        {
            var stored = byItem[file.ItemId].ToList();
            Assert.True(
                stored.All(e => e.Status is ManifestStatus.Copied or ManifestStatus.Unchanged) && stored.Any(e => e.Sha256 == file.Sha256),
                $"{file.Path}: {string.Join(", ", stored.Select(e => $"{e.Status} {e.Error}"))}");
        }
    }

    // What the shared budget cost in storage: every write, and per conflict a refused write and a re-read,
    // plus one first read per endpoint and process (the budget blobs count writes and conflicts).
    // The shared budget's blobs live in the state container (they are rewritten at every take).
    private static async Task<long> QuotaBlobCallsAsync(AccBackup.Storage.BlobContainer container, int processes)
    {
        long calls = 0;
        await foreach (var blob in container.ListAsync("$acc-backup/quota/", CancellationToken.None))
        {
            var budget = (await container.GetPropertiesAsync(blob.Name, CancellationToken.None))!.Metadata;
            calls += long.Parse(budget["writes"], CultureInfo.InvariantCulture) + (2 * long.Parse(budget["conflicts"], CultureInfo.InvariantCulture)) + processes;
        }

        return calls;
    }

    private void Report(string label, Outcome outcome) => output.WriteLine(
        $"{label}: wall {outcome.Wall.TotalSeconds:F1} s (longest run {outcome.LongestRunSeconds:F1} s), 429s {outcome.Throttled}, APS calls {outcome.ApsCalls}, quota blob calls {outcome.BlobCalls}");

    private sealed record Outcome(TimeSpan Wall, double LongestRunSeconds, long Throttled, long ApsCalls, long BlobCalls);
}
