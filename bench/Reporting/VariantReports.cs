using AccBackup.Bench.Hosting;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Scenarios;
using AccBackup.Bench.Verification;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Reporting;

/// <summary>Turns a variant's outcome, measurement and verification into its report line.</summary>
internal static class VariantReports
{
    private const double Mb = 1e6;

    public static VariantReport Create(string name, VariantOutcome outcome, Measurement measured, VerificationResult verification, WarningLog warnings)
    {
        var stats = measured.Stats;
        var wall = (outcome.WallOverride ?? measured.Wall).TotalSeconds;
        var apsCalls = Enum.GetValues<EndpointCategory>()
            .Where(c => c is not (EndpointCategory.Download or EndpointCategory.Control) && stats.Count(c) > 0)
            .ToDictionary(c => c.ToString(), c => stats.Count(c));
        var tooMany = Enum.GetValues<EndpointCategory>().Sum(c => stats.Count(c, 429));
        var measuredWall = measured.Wall.TotalSeconds;
        return new VariantReport(
            name,
            Round(wall),
            Round((outcome.BytesOverride ?? stats.ContentBytesServed) / Mb / wall),
            Round(outcome.FilesHandled / wall),
            apsCalls,
            tooMany,
            stats.Count(EndpointCategory.Download),
            Round(stats.ContentBytesServed / Mb),
            outcome.FilesHandled,
            outcome.FilesCopied,
            outcome.FilesUnchanged,
            outcome.FilesFailed,
            Round(measured.PeakRssBytes / Mb),
            Round(measured.StartRssBytes / Mb),
            Round(measured.AllocatedBytes / Mb),
            Round(measured.Cpu.TotalSeconds),
            Round(measured.AzuriteCpu.TotalSeconds),
            Round((measured.Cpu + measured.AzuriteCpu).TotalSeconds / measuredWall),
            Round(measured.MachineBusyCores),
            Round(measured.AzuritePeakRssBytes / Mb),
            Round(measured.DownloadsInFlightAverage),
            measured.DownloadsInFlightPeak,
            verification.Verified && outcome.FilesFailed == 0 && !outcome.Stalled,
            verification,
            outcome.Engine,
            warnings.Count,
            warnings.First,
            outcome.Note);
    }

    private static double Round(double value) => double.IsFinite(value) ? Math.Round(value, 2) : 0;
}
