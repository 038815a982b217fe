using AccBackup.Bench.Children;
using AccBackup.Bench.Reporting;
using AccEmulator;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// A small account under APS's real quotas (k = 1): backed up with the client's pacing off, then on. A small account
/// should not be paced below what the quota allows, and pacing must still keep it free of 429s.
/// </summary>
internal static class DemoPacingScenario
{
    public const string Name = "demo-pacing";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Seed = BenchSettings.DatasetSeed, Faults = BenchSettings.Faults(1), Quotas = BenchSettings.Quotas(1) };
        await using var context = await ScenarioContext.StartAsync(Name, options, 1, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var variants = new List<VariantReport>
        {
            await context.RunVariantAsync("demo-unpaced", ChildKinds.Engine, "demo-unpaced", false, null, null, cancellationToken),
            await context.RunVariantAsync("demo-paced", ChildKinds.Engine, "demo-paced", true, null, null, cancellationToken),
        };

        var workload = Workloads.Of(truth, Workloads.FolderPages(variants), quotas: true);
        var description = $"the demo account ({workload.Files} files, {workload.SignedUrls} signed URLs, {workload.FolderListings} folder pages), APS's real quotas on in the emulator (k = 1); " +
            "demo-unpaced: the client's pacing off (Aps:Quota:Enabled false); demo-paced: the product's default pacing";
        return ScenarioReports.Create(Name, description, 0, 1, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), variants, []);
    }
}
