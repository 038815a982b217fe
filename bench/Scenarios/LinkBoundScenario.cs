using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
using AccEmulator;
using AccEmulator.Quotas;

namespace AccBackup.Bench.Scenarios;

/// <summary>The same account with every quota off (emulator and client): only the links bound the copy.</summary>
internal static class LinkBoundScenario
{
    public const string Name = "link-bound";

    private const int DiagnosticSlots = 512; // the most Copy:MaxConcurrentTransfers allows

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = settings.Scale,
            Faults = BenchSettings.Faults(), Quotas = QuotaOptions.Disabled,
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var workload = Workloads.Of(truth, await context.CountFolderListingsAsync(cancellationToken), quotas: false);
        var variants = new List<VariantReport>();

        await using (var host = await context.HostAsync("link-seed", clientRateLimiting: false, cancellationToken))
        {
            var copier = SeedParallel.CopierFor(host);
            variants.Add(await context.RunVariantAsync("seed-parallel-8", host, ct => SeedParallel.RunAsync(copier, ct), null, cancellationToken));
        }

        await using (var host = await context.HostAsync("link-engine", clientRateLimiting: false, cancellationToken))
        {
            variants.Add(await context.RunVariantAsync("engine-full", host, ct => EngineRun.RunAsync(host, $"{Name}-engine-full", ct), null, cancellationToken));
        }
#if BENCH_DURABLE
        await using (var host = await context.HostAsync("link-durable", clientRateLimiting: false, cancellationToken))
        {
            variants.Add(await context.RunVariantAsync("durable-full", host,
                ct => Durable.DurableRun.RunAsync(context, "link-durable", clientRateLimiting: false, $"{Name}-durable-full", ct), null, cancellationToken));
        }
#endif

        var notes = new List<string>();
        if (!variants[^1].Verified)
        {
            // Diagnostic, not a tuning: with enough transfer slots for every block every file in flight may hold
            // in practice (a few multi-block files among 8 activities × 16 files), no file waits for a slot while holding others.
            var overrides = new Dictionary<string, string?> { ["Copy:MaxConcurrentTransfers"] = DiagnosticSlots.ToString(System.Globalization.CultureInfo.InvariantCulture) };
            await using var host = await context.HostAsync("link-engine-diagnostic", clientRateLimiting: false, overrides, cancellationToken);
            variants.Add(await context.RunVariantAsync($"engine-full-slots{DiagnosticSlots}", host, ct => EngineRun.RunAsync(host, $"{Name}-engine-diagnostic", ct), null, cancellationToken));
            notes.Add($"engine-full did not finish with the defaults; engine-full-slots{DiagnosticSlots} is a diagnostic run with only Copy:MaxConcurrentTransfers raised from 32 to {DiagnosticSlots} " +
                "(not a product setting to adopt: it lifts the memory bound): if it finishes, the stall is the transfer slots, not the links");
        }

        string probe;
        await using (var host = await context.HostAsync("probe-azurite", clientRateLimiting: false, cancellationToken))
        {
            probe = (await AzuriteProbe.RunAsync(host.Container, context.AzuriteProcess, cancellationToken)).Describe();
        }

        var description = $"same account (scale {settings.Scale}, {workload.Files} files, {workload.Bytes / 1e9:F2} GB), APS quotas off in the emulator and in the client";
        return ScenarioReports.Create(Name, description, workload, variants, [.. notes, probe]);
    }
}
