using System.Diagnostics;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace AccBackup.Tests.Runs;

/// <summary>The fault soak: consecutive nights on the demo account under mixed faults, with the account changing in between;
/// after every night each file is stored identical to the source or listed with its reason, and the run restores.</summary>
[Trait("Category", "Slow")]
public sealed class FaultSoakTests(ITestOutputHelper output)
{
    private const int Nights = 5;

    /// <summary>The night every folder listing answers 5xx (the account changed just before it).</summary>
    private const int FoldersDownNight = 2;

    /// <summary>The night every download breaks off: new files fail, new versions keep their stored one (carried).</summary>
    private const int DownloadsDownNight = 4;

    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    private static readonly Dictionary<string, string?> Settings = new()
    {
        ["Aps:Retry:BaseDelay"] = "00:00:00.010",
        ["Aps:Retry:MaxDelay"] = "00:00:00.200",
        ["Aps:Retry:MaxDuration"] = "00:00:10",
        ["Aps:Retry:WarnAfter"] = "00:00:01",

        // Small blocks, so the demo's files take the parallel block path too, across signed URL expiries.
        ["Copy:SingleRequestLimitBytes"] = "65536",
        ["Copy:BlockSizeBytes"] = "16384",
    };

    [Fact]
    public async Task RunAsync_FiveNightsOfMixedFaultsAndChanges_EveryFileStoredIdenticalOrListedWithItsReason()
    {
        var clock = Stopwatch.StartNew();
        await using var host = await CopyEngineHost.StartAsync(Demo, Settings);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        var changes = new SoakMutations(host.Emulator);
        var totals = new Dictionary<string, long>(StringComparer.Ordinal);
        int checkedFiles = 0, identical = 0, withReason = 0, unlisted = 0, different = 0, missing = 0;
        var problems = new List<string>();

        for (var night = 1; night <= Nights; night++)
        {
            if (night > 1)
            {
                var previous = await host.Services.GetRequiredService<ManifestReader>().ReadAsync($"soak-{night - 1}", CancellationToken.None);
                output.WriteLine($"  changes before night {night}: {await changes.ApplyAsync(night, previous.Files)}");
            }

            host.Emulator.Faults = MixedFaults(night);
            host.Emulator.ResetStats();
            var runId = $"soak-{night}";
            var chunkedBefore = ChunkedAnswers(host);
            var result = await runner.RunAsync(new BackupRunRequest(RunId: runId), null, CancellationToken.None);
            var stats = host.Emulator.GetStats();
            host.Emulator.Faults = FaultOptions.None;

            var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
            var audit = await SoakAudit.OfAsync(host.Services, truth, runId);
            var latest = (await host.Services.GetRequiredService<ManifestReader>().GetLatestAsync(CancellationToken.None))?.RunId;
            var (restored, restoreProblems) = await SoakAudit.RestoreAsync(host.Services, "latest");

            var s = result.Summary;
            output.WriteLine($"night {night} ({runId}, {s.ListingMode}): copied {s.Copied}, unchanged {s.Unchanged}, no content {s.NoContent}, failed {s.Failed}, "
                + $"notListed {s.NotListed}, carried {s.Carried}, projects incomplete {s.FailedProjects.Count}; faults {Describe(stats.FaultsInjected)}, "
                + $"chunked {ChunkedAnswers(host) - chunkedBefore}, tokens {stats.Count(EndpointCategory.Token)}, expired URLs {stats.Count(EndpointCategory.Download, 403)}; "
                + $"checked {audit.Checked}: identical {audit.Identical}, with reason {audit.WithReason}, unlisted in an incomplete project {audit.Unlisted}, "
                + $"different {audit.Different}, missing {audit.Missing}; restored {restored}");
            foreach (var failure in s.FailedProjects)
            {
                output.WriteLine($"  incomplete: {failure.ProjectName}: {failure.Error}");
            }

            foreach (var (kind, count) in stats.FaultsInjected)
            {
                totals[kind] = totals.GetValueOrDefault(kind) + count;
            }

            (checkedFiles, identical, withReason, unlisted, different, missing) = (checkedFiles + audit.Checked, identical + audit.Identical,
                withReason + audit.WithReason, unlisted + audit.Unlisted, different + audit.Different, missing + audit.Missing);
            problems.AddRange(audit.Problems.Select(p => $"night {night}: {p}"));
            problems.AddRange(restoreProblems.Select(p => $"night {night}: {p}"));
            if (latest != runId)
            {
                problems.Add($"night {night}: latest is {latest}, not {runId}");
            }

            if (s.FailedProjects.Count == 0)
            {
                // A night that listed everything must have recorded every deletion and rename made so far.
                problems.AddRange(changes.Unrecorded((await host.Services.GetRequiredService<ManifestReader>().ReadAsync(runId, CancellationToken.None)).Files)
                    .Select(p => $"night {night}: {p}"));
            }

            if (night is FoldersDownNight or DownloadsDownNight && s.IsComplete)
            {
                problems.Add($"night {night}: a night that could not list or copy reports itself complete");
            }
        }

        output.WriteLine($"soak: {Nights} nights in {clock.Elapsed.TotalSeconds:0.0} s; faults injected {Describe(totals)} ({totals.Values.Sum()} in all); "
            + $"files checked {checkedFiles}, stored identical {identical}, listed with reason {withReason}, unlisted in an incomplete project {unlisted}, "
            + $"different {different}, missing without an entry {missing}");
        foreach (var problem in problems.Take(40))
        {
            output.WriteLine("  " + problem);
        }

        Assert.Empty(problems);
        Assert.Equal(0, different);
        Assert.Equal(0, missing);
        Assert.True(identical > checkedFiles / 2, "most files were stored despite the faults");
        Assert.All(new[] { "429", "reset", "truncate" }, kind => Assert.True(totals.GetValueOrDefault(kind) > 0, $"no {kind} faults were injected"));
        Assert.True(totals.GetValueOrDefault("500") + totals.GetValueOrDefault("503") > 0, "no 5xx faults were injected");
    }

    /// <summary>The night's weather: storms without Retry-After, 5xx, resets, truncations, short-lived tokens and URLs,
    /// <c>chunked</c> objects; on <see cref="FoldersDownNight"/> no folder can be listed, on <see cref="DownloadsDownNight"/> nothing downloads.</summary>
    private static FaultOptions MixedFaults(int night) => (FaultOptions.None with
    {
        Seed = 1000 + night,
        TokenLifetime = TimeSpan.FromSeconds(4),
        SignedUrlLifetime = TimeSpan.FromSeconds(2),
        Download = night == DownloadsDownNight ? new DownloadFaults { ResetRate = 1.0 } : new DownloadFaults { ResetRate = 0.08, TruncateRate = 0.08 },
        Chunked = new ChunkedDownloads { Fraction = 0.15, Times = 1 },
    })
        .With(EndpointCategory.FolderContents, night == FoldersDownNight
            ? new EndpointFaults { ServerErrorRate = 1.0 }
            : new EndpointFaults { TooManyRequestsBurst = 25, ServerErrorBurst = 10, RetryAfter = null })
        .With(EndpointCategory.TopFolders, new EndpointFaults { ServerErrorBurst = 3 })
        .With(EndpointCategory.Oss, new EndpointFaults { TooManyRequestsRate = 0.25, ServerErrorRate = 0.05, RetryAfter = null })
        .With(EndpointCategory.Download, new EndpointFaults { ServerErrorRate = 0.03 });

    private static int ChunkedAnswers(CopyEngineHost host) => host.Logs.Lines.Count(l => l.Contains("(chunked)", StringComparison.Ordinal));

    private static string Describe(IReadOnlyDictionary<string, long> faults) =>
        string.Join(", ", faults.OrderBy(f => f.Key, StringComparer.Ordinal).Select(f => $"{f.Key} {f.Value}"));
}
