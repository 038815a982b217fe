using System.Globalization;
using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Reporting;

/// <summary>The targets of issue 8, checked against what was measured (the emulator is not tuned to meet them).</summary>
internal static class Targets
{
    public static IReadOnlyList<TargetCheck> Check(IReadOnlyList<ScenarioReport> scenarios)
    {
        var checks = new List<TargetCheck>();
        foreach (var name in new[] { QuotaBoundScenario.Name, LinkBoundScenario.Name })
        {
            if (Find(scenarios, name) is { Ratios.FullToIdeal: { } ratio } scenario)
            {
                checks.Add(new TargetCheck($"{name} fullToIdeal ≥ 0.85", F($"{ratio:F2} (ideal {scenario.IdealSeconds:F1} s, engine-full {Variant(scenario, "engine-full")?.WallSeconds:F1} s)"),
                    ratio >= 0.85, Use(scenario, Variant(scenario, "engine-full"))));
            }
            else if (Find(scenarios, name) is { } failed && Variant(failed, "engine-full") is { } stalled)
            {
                var diagnostic = failed.Variants.FirstOrDefault(v => v.Name.StartsWith("engine-full-slots", StringComparison.Ordinal) && v.WallSeconds > 0);
                var diagnosis = diagnostic is null ? "" : F($"; diagnostic {diagnostic.Name}: {diagnostic.WallSeconds:F1} s, fullToIdeal {failed.IdealSeconds / diagnostic.WallSeconds:F2}, verified {diagnostic.Verified}, peak RSS {diagnostic.PeakRssMb:F0} MB, {Use(failed, diagnostic)}");
                checks.Add(new TargetCheck($"{name} fullToIdeal ≥ 0.85", "not measured: engine-full did not complete", false, (stalled.Note ?? "not verified") + diagnosis));
            }
        }

        if (Find(scenarios, LargeFileScenario.Name) is { Ratios.SpeedupOverSeedParallel: { } speedup } large)
        {
            checks.Add(new TargetCheck("large-file speedupOverSeedParallel ≥ 5", F($"{speedup:F2}"), speedup >= 5,
                "per-connection cap: one stream vs Copy:ParallelBlocksPerFile 8; " + Use(large, Variant(large, "engine-full"))));
        }

        if (Find(scenarios, QuotaBoundScenario.Name) is { Ratios.NoChangeToFull: { } noChange } quota && Variant(quota, "engine-nochange") is { } run)
        {
            var urls = run.ApsCalls.GetValueOrDefault("Oss");
            checks.Add(new TargetCheck("noChangeToFull ≤ 0.05 with zero signed-URL calls", F($"{noChange:F2}, {urls} signed-URL calls"),
                noChange <= 0.05 && urls == 0, F($"{run.ApsCalls.GetValueOrDefault("FolderContents")} contents calls of {quota.Workload.FolderListings} a full listing takes (≤ 300/min); ") + Use(quota, run)));
        }

        if (Find(scenarios, QuotaBoundScenario.Name) is { } quotaBound && Variant(quotaBound, "durable-full") is { } durable && Variant(quotaBound, "engine-full") is { } engine)
        {
            var ratio = durable.WallSeconds / Math.Max(engine.WallSeconds, 0.001);
            checks.Add(new TargetCheck("quota-bound durable-full within 10 % of engine-full", F($"{durable.WallSeconds:F1} s vs {engine.WallSeconds:F1} s ({ratio:F2}×)"),
                ratio <= 1.10 && durable.Verified, Use(quotaBound, durable)));
        }

        var engines = scenarios.SelectMany(s => s.Variants.Where(v => v.Name.StartsWith("engine-", StringComparison.Ordinal)).Select(v => (Scenario: s.Name, Variant: v))).ToList();
        if (engines.Count > 0)
        {
            var peak = engines.MaxBy(e => e.Variant.PeakRssMb);
            var all = scenarios.SelectMany(s => s.Variants.Select(v => (Scenario: s.Name, Variant: v))).MaxBy(e => e.Variant.PeakRssMb);
            checks.Add(new TargetCheck("peak RSS ≤ 400 MB (engine variants; emulator and bench in the same process)",
                F($"{peak.Variant.PeakRssMb:F0} MB ({peak.Scenario} {peak.Variant.Name}; started at {peak.Variant.StartRssMb:F0} MB)"), peak.Variant.PeakRssMb <= 400,
                F($"largest of any variant: {all.Variant.PeakRssMb:F0} MB ({all.Scenario} {all.Variant.Name}); managed allocations of that engine run {peak.Variant.AllocatedMb:F0} MB")));
        }

        return checks;
    }

    private static string Use(ScenarioReport scenario, VariantReport? v)
    {
        if (v is null)
        {
            return "n/a";
        }

        var minutes = Math.Max(v.WallSeconds, 0.001) / 60;
        var parts = new List<(string Name, double Share)>
        {
            ("download bandwidth", v.MbPerSecond * 1e6 / BenchSettings.TotalBytesPerSecond),
            ("CPU (ours)", v.CpuCores / Environment.ProcessorCount),
            ("CPU (whole machine)", v.MachineBusyCores / Environment.ProcessorCount),
        };
        if (scenario.Workload.Quotas)
        {
            parts.Add(("contents quota", v.ApsCalls.GetValueOrDefault("FolderContents") / minutes / Workload.ContentsPerMinute));
            parts.Add(("OSS quota", v.ApsCalls.GetValueOrDefault("Oss") / minutes / Workload.SignedUrlsPerMinute));
        }

        return "used: " + string.Join(", ", parts.OrderByDescending(p => p.Share).Select(p => F($"{p.Name} {p.Share:P0}")));
    }

    private static ScenarioReport? Find(IReadOnlyList<ScenarioReport> scenarios, string name) => scenarios.FirstOrDefault(s => s.Name == name);

    private static VariantReport? Variant(ScenarioReport scenario, string name) => scenario.Variants.FirstOrDefault(v => v.Name == name);

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
