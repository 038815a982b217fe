using AccBackup.Bench.Children;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccEmulator;
using AccEmulator.Quotas;

namespace AccBackup.Bench.Scenarios;

/// <summary>The same account with real file sizes and every quota off (emulator and client): only the links bound the copy.</summary>
internal static class LinkBoundScenario
{
    public const string Name = "link-bound";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = settings.LinkScale,
            Faults = BenchSettings.Faults(1), Quotas = QuotaOptions.Disabled,
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, 1, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var variants = new List<VariantReport>
        {
            await context.RunVariantAsync("seed-parallel-8", ChildKinds.SeedParallel, "link-seed", false, null, null, cancellationToken),
            await context.RunVariantAsync("engine-full", ChildKinds.Engine, "link-engine", false, null, null, cancellationToken),
        };

        // The full-size run restored (RunRestorer, as acc-backup restore does) from the same Azurite into a temporary folder.
        var restore = await context.RestoreVariantAsync("restore-full", "link-engine", $"{Name}-engine-full", cancellationToken);
        variants.Add(restore);
        var restoreFigures = RestoreFigures.Of(restore, variants[1]);
        Console.WriteLine($"  [{Name}] {restoreFigures.Describe()}");
        variants.Add(await context.RunVariantAsync("durable-full", ChildKinds.Durable, "link-durable", false, null, null, cancellationToken));
        variants.Add(await ServerCopyVariant.RunAsync(Name, "engine-server", ChildKinds.Engine, options, settings.ProductSettings, false, null, null, cancellationToken));

        string probe;
        await using (var host = await context.HostAsync("probe-azurite", cancellationToken))
        {
            probe = (await AzuriteProbe.RunAsync(host.Container, context.AzuriteProcess, cancellationToken)).Describe();
        }

        var workload = Workloads.Of(truth, Workloads.FolderPages(variants), quotas: false);
        var description = $"seed-scaled account, scale {settings.LinkScale} ({workload.Files} files, {workload.Bytes / 1e9:F2} GB, real sizes), APS quotas off in the emulator and in the client, k = 1";
        return ScenarioReports.Create(Name, description, settings.LinkScale, 1, workload, Workloads.ModelOf(options.Quotas, clientPacing: false), variants,
            [restoreFigures.Describe() + "; the restore reads from Azurite, which has no bandwidth cap, and writes each file to disk, hashing it", probe]) with { Restore = restoreFigures };
    }
}
