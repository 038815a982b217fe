using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Reporting;

/// <summary>The scaling curve: engine-full of every quota-bound scenario (side by side and curve points), by scale.</summary>
internal static class ScalingCurve
{
    public static IReadOnlyList<CurvePoint> Of(IReadOnlyList<ScenarioReport> scenarios, IReadOnlyList<double> scales) =>
        scenarios
            .Where(s => s.Name.StartsWith(QuotaBoundScenario.Name, StringComparison.Ordinal) && scales.Contains(s.Scale))
            .Select(s => (Scenario: s, Full: s.Variants.FirstOrDefault(v => v.Name == "engine-full"), Durable: s.Variants.FirstOrDefault(v => v.Name == "durable-full")))
            .Where(p => p.Full is not null)
            .GroupBy(p => p.Scenario.Scale)
            .Select(g => g.First())
            .OrderBy(p => p.Scenario.Scale)
            .Select(p => Point(p.Scenario, p.Full!, p.Durable))
            .ToList();

    private static CurvePoint Point(ScenarioReport scenario, VariantReport full, VariantReport? durable)
    {
        var wall = Math.Max(full.WallSeconds, 0.001);
        return new CurvePoint(
            scenario.Scale,
            scenario.Workload.Files,
            scenario.Workload.FolderListings,
            scenario.Ideal.Seconds,
            scenario.Ideal.FloorSeconds,
            full.WallSeconds,
            Math.Round(scenario.Ideal.Seconds / wall, 3),
            Math.Round(scenario.Ideal.FloorSeconds / wall, 3),
            Math.Round(scenario.Compression * full.WallSeconds / 60, 1),
            full.PeakRssMb,
            full.StartRssMb,
            full.ManifestMb,
            full.CpuSecondsPerThousandFiles,
            full.CpuCores,
            full.Engine?.LargestPayloadBytes ?? 0,
            durable?.Orchestration?.LargestInputBytes,
            durable?.Orchestration?.LargestOutputBytes,
            durable?.Orchestration?.HistoryEventsBound,
            full.Responses429,
            full.Verified);
    }
}
