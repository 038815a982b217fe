using AccBackup.Bench.Children;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Scenarios;
using AccBackup.Bench.Verification;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Reporting;

/// <summary>Turns a variant's outcome, the child's and the parent's measurements and the verification into its report line.</summary>
internal static class VariantReports
{
    private const double Mb = 1e6;

    /// <param name="child">Null when the child never reported (it failed to start or was stopped by the watchdog).</param>
    public static VariantReport Create(string name, VariantOutcome outcome, ChildResult? child, ParentMeasurement parent, VerificationResult verification, long manifestBytes)
    {
        var stats = parent.Stats;
        var childWall = child is { WallSeconds: > 0 } ? child.WallSeconds : parent.Wall.TotalSeconds;
        var wall = outcome.WallOverride?.TotalSeconds ?? childWall;
        var apsCalls = Enum.GetValues<EndpointCategory>()
            .Where(c => c is not (EndpointCategory.Download or EndpointCategory.Control) && stats.Count(c) > 0)
            .ToDictionary(c => c.ToString(), c => stats.Count(c));
        var tooMany = Enum.GetValues<EndpointCategory>().Sum(c => stats.Count(c, 429));
        var engineCpu = child?.CpuSeconds ?? 0;
        return new VariantReport(
            name,
            Round(wall),
            Round((outcome.BytesOverride ?? stats.ContentBytesServed) / Mb / wall),
            Round(outcome.FilesHandled / wall),
            apsCalls,
            stats.Count(EndpointCategory.FolderContents, 200),
            tooMany,
            stats.Count(EndpointCategory.Download),
            Round(stats.ContentBytesServed / Mb),
            Round((child?.WorkerBytes ?? 0) / Mb),
            outcome.FilesHandled,
            outcome.FilesCopied,
            outcome.FilesUnchanged,
            outcome.FilesFailed,
            Round((child?.PeakRssBytes ?? 0) / Mb),
            Round((child?.StartRssBytes ?? 0) / Mb),
            Round((child?.AllocatedBytes ?? 0) / Mb),
            child?.Gen2Collections ?? 0,
            Round(engineCpu),
            Round(parent.EmulatorCpu.TotalSeconds),
            Round(parent.AzuriteCpu.TotalSeconds),
            Round((engineCpu + parent.EmulatorCpu.TotalSeconds + parent.AzuriteCpu.TotalSeconds) / Math.Max(parent.Wall.TotalSeconds, 0.001)),
            Round(parent.MachineBusyCores),
            Round(outcome.FilesHandled > 0 ? engineCpu / outcome.FilesHandled * 1000 : 0),
            Round(parent.AzuritePeakRssBytes / Mb),
            Round(parent.EmulatorPeakRssBytes / Mb),
            Round(child?.DownloadsInFlightAverage ?? 0),
            child?.DownloadsInFlightPeak ?? 0,
            Round(manifestBytes / Mb),
            verification.Verified && outcome.FilesFailed == 0 && !outcome.Stalled,
            verification,
            outcome.Engine,
            child?.Orchestration,
            child?.Warnings ?? 0,
            child?.FirstWarnings ?? [],
            outcome.Note)
        {
            MemoryAtPeak = child?.MemoryAtPeak,
            DownloadBuffersMb = Round((child?.DownloadBufferBytes ?? 0) / Mb),
            QuotaUse = parent.Quota,
            Pacing = child?.Pacing,
        };
    }

    private static double Round(double value) => double.IsFinite(value) ? Math.Round(value, 2) : 0;
}
