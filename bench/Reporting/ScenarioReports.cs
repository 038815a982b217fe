using System.Globalization;
using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Reporting;

/// <summary>A scenario's ratios and its findings: how close each run came to each bound, in numbers.</summary>
internal static class ScenarioReports
{
    private const double ClientQuotaShare = 0.9; // Aps:QuotaShare default: the engine paces itself to 90% of each quota

    public static ScenarioReport Create(string name, string description, Workload workload, IReadOnlyList<VariantReport> variants, IReadOnlyList<string> notes)
    {
        var ideal = workload.Ideal(BenchSettings.TotalBytesPerSecond);
        // A ratio of a run that did not complete (stalled, failed, unverified) means nothing: it is left out.
        var seed = variants.FirstOrDefault(v => v.Name == "seed-parallel-8" && v.Verified);
        var full = variants.FirstOrDefault(v => v.Name == "engine-full" && v.Verified);
        var noChange = variants.FirstOrDefault(v => v.Name == "engine-nochange" && v.Verified);
        var ratios = new ScenarioRatios(
            full is null ? null : Round(ideal.Seconds / full.WallSeconds),
            seed is null || full is null ? null : Round(seed.WallSeconds / full.WallSeconds),
            noChange is null || full is null ? null : Round(noChange.WallSeconds / full.WallSeconds));

        var findings = new List<string>();
        findings.AddRange(variants.Where(v => v.Name != "sequential").Select(v => Use(v, workload)));
        if (noChange is not null && full is not null && workload.Quotas)
        {
            var contents = Calls(noChange, "FolderContents");
            var floor = Math.Max(0, contents - (Workload.ContentsPerMinute / 20)) / (Workload.ContentsPerMinute * ClientQuotaShare) * 60;
            findings.Add(contents * 2 >= workload.FolderListings
                ? Invariant($"engine-nochange listed every folder again ({contents} contents calls of {workload.FolderListings}): at the client's pacing (0.9 × 300/min, burst 15) that alone takes ≥ {floor:F1} s, so noChangeToFull ≥ {floor / full.WallSeconds:F2} whatever the copy does")
                : Invariant($"engine-nochange listed {contents} of {workload.FolderListings} folder pages (unchanged subtrees skipped using the previous run's folder state) and asked for {Calls(noChange, "Oss")} signed URLs; what is left is the run's fixed cost (token, projects, top folders, previous state, manifest)"));
        }

        if (full is not null && workload.Quotas && ideal.Bound != "bandwidth")
        {
            findings.Add(Invariant(
                $"the engine paces itself to Aps:QuotaShare 0.9 of each quota (by design, to leave room for other clients): its own floor here is ≈ {ideal.Seconds / ClientQuotaShare:F1} s, fullToIdeal ≤ ≈ 0.9 plus the burst"));
        }

        if (workload.LargestFileBytes > 0 && ideal.Bound == "bandwidth")
        {
            var floor = workload.LargestFileBytes / (8.0 * BenchSettings.PerConnectionBytesPerSecond);
            findings.Add(Invariant($"largest file {workload.LargestFileBytes / 1e6:F0} MB: alone it needs ≥ {floor:F1} s (Copy:ParallelBlocksPerFile 8 × {BenchSettings.PerConnectionBytesPerSecond / 1e6:0} MB/s per connection), a floor under any run that starts it late"));
        }

        findings.AddRange(notes);
        return new ScenarioReport(name, description, workload, Round(ideal.Seconds), ideal.Bound, ideal with
        {
            Seconds = Round(ideal.Seconds), BandwidthSeconds = Round(ideal.BandwidthSeconds), SignedUrlSeconds = Round(ideal.SignedUrlSeconds), ListingSeconds = Round(ideal.ListingSeconds),
        }, variants, ratios, findings);
    }

    // How much of each bound a run used: bandwidth, the two quotas, CPU.
    private static string Use(VariantReport v, Workload workload)
    {
        var minutes = Math.Max(v.WallSeconds, 0.001) / 60;
        var contents = Calls(v, "FolderContents") / minutes;
        var oss = Calls(v, "Oss") / minutes;
        var quotaPart = workload.Quotas
            ? Invariant($"contents {contents:F0}/min ({contents / Workload.ContentsPerMinute:P0} of quota), OSS {oss:F0}/min ({oss / Workload.SignedUrlsPerMinute:P0} of quota)")
            : Invariant($"contents {contents:F0}/min, OSS {oss:F0}/min (no quotas)");
        return Invariant($"{v.Name}: download {v.MbPerSecond:F1} MB/s ({v.MbPerSecond * 1e6 / BenchSettings.TotalBytesPerSecond:P0} of the total cap); {quotaPart}; ")
            + Invariant($"CPU {v.CpuCores:F2} of {Environment.ProcessorCount} cores (this process {v.BenchCpuSeconds / Math.Max(v.WallSeconds, 0.001):F2}, Azurite {v.AzuriteCpuSeconds / Math.Max(v.WallSeconds, 0.001):F2}; whole machine {v.MachineBusyCores:F2}); ")
            + Invariant($"downloads in flight {v.DownloadsInFlightAverage:F1} on average (peak {v.DownloadsInFlightPeak}); 429s {v.Responses429}");
    }

    private static long Calls(VariantReport v, string category) => v.ApsCalls.GetValueOrDefault(category);

    private static double Round(double value) => Math.Round(value, 3);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
