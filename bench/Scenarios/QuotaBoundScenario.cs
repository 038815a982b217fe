using AccBackup.Bench.Children;
using AccBackup.Bench.Reporting;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// The seed-scaled account under APS's quotas with time compressed k-fold. Side by side: the seed's copier, a full engine
/// run, the durable run, a run with nothing changed, one after 1% changed. A point of the scaling curve: engine-full alone.
/// </summary>
internal static class QuotaBoundScenario
{
    public const string Name = "quota-bound";

    /// <summary>Every copier side by side at the settings' side-by-side scale.</summary>
    public static Task<ScenarioReport> SideBySideAsync(BenchSettings settings, CancellationToken cancellationToken) =>
        RunAsync(Name, settings.SideScale, settings, sideBySide: true, cancellationToken);

    /// <summary>engine-full alone at <paramref name="scale"/>: one point of the scaling curve; at <see cref="BenchSettings.NoChangeScale"/> also engine-nochange after it.</summary>
    public static Task<ScenarioReport> CurvePointAsync(BenchSettings settings, double scale, CancellationToken cancellationToken) =>
        RunAsync(CurveName(scale), scale, settings, sideBySide: false, cancellationToken);

    /// <summary>The name of the curve point at <paramref name="scale"/>.</summary>
    public static string CurveName(double scale) => $"{Name}-scale-{scale.ToString(System.Globalization.CultureInfo.InvariantCulture)}";

    private static async Task<ScenarioReport> RunAsync(string name, double scale, BenchSettings settings, bool sideBySide, CancellationToken cancellationToken)
    {
        var k = settings.Compression;
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = scale, SizeDivisor = k,
            Faults = BenchSettings.Faults(k), Quotas = BenchSettings.Quotas(k),
        };
        await using var context = await ScenarioContext.StartAsync(name, options, k, settings.ProductSettings, azuriteOnDisk: true, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var variants = new List<VariantReport>();

        if (sideBySide)
        {
            variants.Add(await context.RunVariantAsync("seed-parallel-8", ChildKinds.SeedParallel, "quota-seed", true, null, null, cancellationToken));
        }

        variants.Add(await context.RunVariantAsync("engine-full", ChildKinds.Engine, "quota-engine", true, null, null, cancellationToken));
        if (sideBySide)
        {
            variants.Add(await context.RunVariantAsync("durable-full", ChildKinds.Durable, "quota-durable", true, null, null, cancellationToken));
        }

        if (sideBySide || scale == BenchSettings.NoChangeScale)
        {
            // The engine variants share one container, so each run finds what the previous one stored.
            // With APS's real latency: a no-change night makes a few dozen calls, far under any quota, and moves no byte, so
            // nothing in it is compressed by k; its wall is the real account's no-change night, compared with the full run at k = 1.
            context.Emulator.Faults = BenchSettings.Faults(1);
            variants.Add(await context.RunVariantAsync("engine-nochange", ChildKinds.Engine, "quota-engine", true, null, null, cancellationToken));
            context.Emulator.Faults = BenchSettings.Faults(k);
        }

        if (sideBySide)
        {
            var changed = ChangeShare(context.Emulator, truth);
            var onePercent = await context.RunVariantAsync("engine-1pct", ChildKinds.Engine, "quota-engine", true, null, null, cancellationToken);
            variants.Add(onePercent with { Note = $"{changed} files changed (Mutations.ChangeFile, same size, new bytes) before the run; {onePercent.Note}" });
            if (scale <= BenchSettings.SequentialMaxScale)
            {
                variants.Add(await context.RunVariantAsync("sequential", ChildKinds.Sequential, "quota-sequential", true, null,
                    (all, sampled) => all.Where(f => sampled.Contains(f.ItemId)).ToList(), cancellationToken));
            }
        }

        var workload = Workloads.Of(truth, Workloads.FolderPages(variants), quotas: true);
        var description = $"seed-scaled account, scale {scale}: {workload.Files} files ({workload.SignedUrls} with storage, {workload.Bytes / 1e9:F2} GB after sizes ÷ {k}, largest {workload.LargestFileBytes / 1e6:F1} MB) " +
            $"listed in {workload.FolderListings} folder-contents pages; APS quotas per {BenchSettings.QuotaWindow(k).TotalSeconds:0.###} s window (k = {k}), client-side pacing on";
        return ScenarioReports.Create(name, description, scale, k, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), variants, []);
    }

    // Every 100th file with storage, in the truth's (deterministic) order: 1% of them.
    private static int ChangeShare(EmulatorServer emulator, IReadOnlyList<TruthFile> truth)
    {
        var step = (int)Math.Round(1 / BenchSettings.ChangedShare);
        var chosen = truth.Where(f => f.HasStorage).Where((_, i) => i % step == step / 2).ToList();
        foreach (var file in chosen)
        {
            emulator.Mutations.ChangeFile(file.ItemId);
        }

        return chosen.Count;
    }
}
