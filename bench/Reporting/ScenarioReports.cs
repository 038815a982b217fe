using System.Globalization;
using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Reporting;

/// <summary>A scenario's ratios and its findings: how close each run came to each bound, in numbers.</summary>
internal static class ScenarioReports
{
    public static ScenarioReport Create(
        string name, string description, double scale, double compression, Workload workload, QuotaModel quotas, IReadOnlyList<VariantReport> variants, IReadOnlyList<string> notes)
    {
        var ideal = workload.Ideal(quotas);
        // A ratio of a run that did not complete (stalled, failed, unverified) means nothing: it is left out.
        var seed = variants.FirstOrDefault(v => v.Name == "seed-parallel-8" && v.Verified);
        var full = variants.FirstOrDefault(v => v.Name == "engine-full" && v.Verified);
        var noChange = variants.FirstOrDefault(v => v.Name == "engine-nochange" && v.Verified);
        var projected = full is not null && workload.Quotas ? compression * full.WallSeconds / 60 : (double?)null;
        var ratios = new ScenarioRatios(
            full is null ? null : Round(ideal.Seconds / full.WallSeconds),
            full is null ? null : Round(ideal.FloorSeconds / full.WallSeconds),
            seed is null || full is null ? null : Round(seed.WallSeconds / full.WallSeconds),
            // Both at k = 1: the no-change night ran with APS's real latency (it has no quota, byte or window to compress), the full run is projected.
            noChange is null || full is null ? null : Round(noChange.WallSeconds / (compression * full.WallSeconds)),
            projected is { } p ? Round(p) : null,
            projected is not null && scale > 0 ? Round(compression * ideal.Seconds / scale / (ideal.Seconds / full!.WallSeconds) / 60) : null);

        var findings = new List<string>();
        // A restore reads no link and asks APS nothing: its figures are in its own line.
        findings.AddRange(variants.Where(v => v.Name != "sequential" && !v.Name.StartsWith("restore-", StringComparison.Ordinal)).Select(v => Use(v, workload, quotas)));
        if (noChange is not null && full is not null && workload.Quotas)
        {
            var contents = Calls(noChange, "FolderContents");
            findings.Add(Invariant($"engine-nochange listed {contents} of {workload.FolderListings} folder pages (unchanged subtrees skipped using the previous run's folder state) and asked for {Calls(noChange, "Oss")} signed URLs; {noChange.ApsCalls.Values.Sum()} APS calls in all"));
            findings.Add(Invariant($"engine-nochange ran with APS's real latency ({BenchSettings.ApsLatency.TotalMilliseconds:0} ms, not ÷ k): its {noChange.WallSeconds:F1} s is the no-change night of this account at k = 1, {noChange.WallSeconds / (compression * full.WallSeconds):P2} of the full run projected at k = 1 ({compression * full.WallSeconds / 60:F1} min); against the compressed full run's measured {full.WallSeconds:F1} s it is {noChange.WallSeconds / full.WallSeconds:P1}"));
        }

        if (full is not null && workload.Quotas && ideal.Bound != "bandwidth")
        {
            findings.Add(Invariant(
                $"the engine paces itself to Aps:Quota:Share {quotas.ClientShare} of each quota, each call counted Aps:Quota:WindowMargin (÷ k) longer than a window: its own floor (the share's sustained rate) here is {ideal.FloorSeconds:F1} s; fullToFloor {ideal.FloorSeconds / full.WallSeconds:F2}"));
        }

        if (full is not null && workload.Quotas && ideal.Bound != "bandwidth")
        {
            findings.Add(Invariant(
                $"ideal and floor are sustained-rate times (calls / limit × window); a run can beat them by up to one window ({quotas.Window.TotalSeconds:0.###} s), the first window's burst, which matters only on accounts of a few windows"));
        }

        if (projected is { } minutes)
        {
            findings.Add(Invariant(
                $"at k = 1 with real file sizes this account would take ≈ {minutes:F1} min (k {compression} × {full!.WallSeconds:F1} s: every floor, quotas, latency and bytes, scales with k; CPU per request does not, so the projection is conservative when CPU is busy)"));
        }

        if (workload.LargestFileBytes > 0 && ideal.Bound == "bandwidth")
        {
            var floor = workload.LargestFileBytes / (8.0 * BenchSettings.PerConnectionBytesPerSecond);
            findings.Add(Invariant($"largest file {workload.LargestFileBytes / 1e6:F0} MB: alone it needs ≥ {floor:F1} s (Copy:ParallelBlocksPerFile 8 × {BenchSettings.PerConnectionBytesPerSecond / 1e6:0} MB/s per connection), a floor under any run that starts it late"));
        }

        findings.AddRange(notes);
        return new ScenarioReport(name, description, scale, compression, workload, quotas, Round(ideal.Seconds), ideal.Bound, ideal with
        {
            Seconds = Round(ideal.Seconds), BandwidthSeconds = Round(ideal.BandwidthSeconds), SignedUrlSeconds = Round(ideal.SignedUrlSeconds),
            ListingSeconds = Round(ideal.ListingSeconds), FloorSeconds = Round(ideal.FloorSeconds),
        }, variants, ratios, findings);
    }

    // How much of each bound a run used: bandwidth, the two quotas, CPU.
    private static string Use(VariantReport v, Workload workload, QuotaModel quotas)
    {
        var windows = Math.Max(v.WallSeconds, 0.001) / quotas.Window.TotalSeconds;
        var contents = Calls(v, "FolderContents") / windows;
        var oss = Calls(v, "Oss") / windows;
        var quotaPart = workload.Quotas
            ? Invariant($"contents {contents:F0}/window ({contents / quotas.ContentsPerWindow:P0} of quota), OSS {oss:F0}/window ({oss / quotas.SignedUrlsPerWindow:P0} of quota){Windows(v.QuotaUse, quotas)}{Idle(v.Pacing)}")
            : Invariant($"contents {Calls(v, "FolderContents") / Math.Max(v.WallSeconds, 0.001) * 60:F0}/min, OSS {Calls(v, "Oss") / Math.Max(v.WallSeconds, 0.001) * 60:F0}/min (no quotas)");
        return Invariant($"{v.Name}: download {v.MbPerSecond:F1} MB/s ({v.MbPerSecond * 1e6 / BenchSettings.TotalBytesPerSecond:P0} of the total cap), {v.WorkerMb:F0} MB through the worker; {quotaPart}; ")
            + Invariant($"CPU {v.CpuCores:F2} of {AccBackup.Bench.Measure.MachineCores.Value} cores (copier {v.EngineCpuSeconds / Math.Max(v.WallSeconds, 0.001):F2}, emulator {v.EmulatorCpuSeconds / Math.Max(v.WallSeconds, 0.001):F2}, Azurite {v.AzuriteCpuSeconds / Math.Max(v.WallSeconds, 0.001):F2}; whole machine {v.MachineBusyCores:F2}); ")
            + Invariant($"copier {v.CpuSecondsPerThousandFiles:F1} CPU s per 1,000 files, peak RSS {v.PeakRssMb:F0} MB (started at {v.StartRssMb:F0}), {v.AllocatedMb:F0} MB allocated, {v.Gen2Collections} gen-2 GCs; ")
            + Invariant($"Azurite peak RSS {v.AzuritePeakRssMb:F0} MB; downloads in flight {v.DownloadsInFlightAverage:F1} on average (peak {v.DownloadsInFlightPeak}); 429s {v.Responses429}");
    }

    // Where the URL quota went unused, and whether calls come in bursts with idle time between (the counts are in latest.json).
    private static string Windows(AccBackup.Bench.Measure.QuotaUse? use, QuotaModel quotas)
    {
        var full = use?.FullOssWindows() ?? [];
        if (use is null || full.Count == 0)
        {
            return "";
        }

        var share = quotas.SignedUrlsPerWindow * quotas.ClientShare;
        var ordered = full.Order().ToList();
        var below = full.Count(n => n < 0.95 * share);
        return Invariant($"; per {use.WindowSeconds:0.###} s window from the first listing: OSS {use.OssPerWindow[0]} in the first, then {ordered[0]} to {ordered[^1]} (median {ordered[ordered.Count / 2]}) in {full.Count} full windows, {below} under 95 % of the engine's share ({share:F0}); ")
            + Invariant($"no listing in {use.ContentsIdleShare:P0} and no signed URL in {use.OssIdleShare:P0} of the 100 ms samples from the first to the last");
    }

    // Whether the quota or the engine waited, as the client's pacing saw it (20 ms samples).
    private static string Idle(AccBackup.Bench.Measure.PacingIdle? pacing) => pacing is null ? "" : Invariant(
        $"; quota left unused with no call asking (the client's pacing, 20 ms samples): listings {pacing.ListingIdleShare:P1} of their span ({pacing.ListingWaitingAverage:F1} waiting on average), ")
        + Invariant($"signed URLs {pacing.UrlIdleShare:P1} ({pacing.UrlWaitingAverage:F1} waiting), {pacing.UrlIdleShareAfterListing:P1} of the {pacing.SecondsAfterListing:F1} s after the last listing; ")
        + Invariant($"by tenth of their span, listings {Tenths(pacing.ListingIdleByTenth)}, signed URLs {Tenths(pacing.UrlIdleByTenth)}; ")
        + Invariant($"transfer slots in use {pacing.TransfersInUseAverage:F1} on average, all taken in {pacing.TransfersFullShare:P0} of the samples");

    private static string Tenths(IReadOnlyList<double> shares) => string.Join(" / ", shares.Select(s => Invariant($"{s * 100:F0}"))) + " %";

    public static long Calls(VariantReport v, string category) => v.ApsCalls.GetValueOrDefault(category);

    private static double Round(double value) => Math.Round(value, 3);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
