using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
using AccEmulator;

namespace AccBackup.Bench.Scenarios;

/// <summary>The seed-scaled account under APS's real quotas: the seed's copier, a full engine run, a run with nothing changed, one after 1% changed.</summary>
internal static class QuotaBoundScenario
{
    public const string Name = "quota-bound";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = settings.Scale, Faults = BenchSettings.Faults(),
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var workload = Workloads.Of(truth, await context.CountFolderListingsAsync(cancellationToken), quotas: true);
        var variants = new List<VariantReport>();

        await using (var host = await context.HostAsync("quota-seed", clientRateLimiting: true, cancellationToken))
        {
            var copier = SeedParallel.CopierFor(host);
            variants.Add(await context.RunVariantAsync("seed-parallel-8", host, ct => SeedParallel.RunAsync(copier, ct), null, cancellationToken));
        }

        variants.Add(await EngineVariantAsync(context, "engine-full", null, cancellationToken));
#if BENCH_DURABLE
        await using (var host = await context.HostAsync("quota-durable", clientRateLimiting: true, cancellationToken))
        {
            variants.Add(await context.RunVariantAsync("durable-full", host,
                ct => Durable.DurableRun.RunAsync(context, "quota-durable", clientRateLimiting: true, $"{Name}-durable-full", ct), null, cancellationToken));
        }
#endif
        variants.Add(await EngineVariantAsync(context, "engine-nochange", null, cancellationToken));
        var changed = ChangeShare(context.Emulator, truth);
        variants.Add(await EngineVariantAsync(context, "engine-1pct",
            $"{changed} files changed (Mutations.ChangeFile, same size, new bytes) before the run", cancellationToken));

        await using (var host = await context.HostAsync("quota-sequential", clientRateLimiting: true, cancellationToken))
        {
            IReadOnlySet<string> sampled = new HashSet<string>();
            var copier = SeedParallel.CopierFor(host);
            variants.Add(await context.RunVariantAsync("sequential", host, async ct =>
            {
                (var outcome, sampled) = await SequentialSample.RunAsync(copier, ct);
                return outcome;
            }, all => all.Where(f => sampled.Contains(f.ItemId)).ToList(), cancellationToken));
        }

        var description = $"seed-scaled account, scale {settings.Scale}: {workload.Files} files ({workload.SignedUrls} with storage, {workload.Bytes / 1e9:F2} GB, largest {workload.LargestFileBytes / 1e6:F0} MB) " +
            $"listed in {workload.FolderListings} folder-contents pages; real APS quotas, client-side pacing on";
        return ScenarioReports.Create(Name, description, workload, variants, []);
    }

    // The engine variants share one container, so each run finds what the previous one stored.
    private static async Task<VariantReport> EngineVariantAsync(ScenarioContext context, string variant, string? note, CancellationToken cancellationToken)
    {
        var host = await context.HostAsync("quota-engine", clientRateLimiting: true, cancellationToken);
        await using (host)
        {
            return await context.RunVariantAsync(variant, host, async ct =>
            {
                var outcome = await EngineRun.RunAsync(host, $"{Name}-{variant}", ct);
                return note is null ? outcome : outcome with { Note = $"{note}; {outcome.Note}" };
            }, null, cancellationToken);
        }
    }

    // Every 100th file with storage, in the truth's (deterministic) order: 1% of them.
    private static int ChangeShare(EmulatorServer emulator, IReadOnlyList<AccEmulator.Control.TruthFile> truth)
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
