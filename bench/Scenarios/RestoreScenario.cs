using System.Diagnostics;
using System.Globalization;
using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using Microsoft.Extensions.Configuration;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// Issue 37's bench: a seed-scaled account backed up once, then restored into ACC three times through the product's
/// <see cref="AccRestorer"/> in this process, with the emulator's quotas on and the client's pacing on (time compressed k-fold):
/// after a mass deletion (undeletes, no bytes), after ransomware (promotions, no bytes), and one project into an empty
/// folder of another (uploads). Each restore's writes are timed against the floor its plan's quotas imply.
/// </summary>
internal static class RestoreScenario
{
    public const string Name = "restore";

    private const double Scale = 0.1;
    private const double K = 10;
    private const int SizeDivisor = 100;
    private const string Container = "restore";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = Scale, SizeDivisor = SizeDivisor, Quotas = BenchSettings.Quotas(K),
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, K, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        var values = context.Settings(Container, clientRateLimiting: true);
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(values).Build();
        await using var host = await context.PacedHostAsync(Container, new Dictionary<string, string?>(), services => services.AddAccRestore(configuration), cancellationToken);
        Console.WriteLine($"  [{Name}] backing up the night ...");
        var night = await host.Get<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "night-1"), new RunTimeline(), cancellationToken);
        var files = (await context.TruthAsync(cancellationToken)).Where(f => f.HasStorage && !f.Hidden).ToList();
        var findings = new List<string> { Invariant($"night-1: {night.Summary.Copied} files stored") };
        var projects = files.GroupBy(f => f.ProjectId).OrderByDescending(g => g.Count()).ToList();

        // 1. A tenth of every project's files deleted.
        foreach (var file in files.Where((_, i) => i % 10 == 0))
        {
            context.Emulator.Mutations.DeleteFile(file.ItemId);
        }

        findings.Add(await RestoreAsync(context, host, "mass-deletion", new AccRestoreRequest("bench-deletion", "night-1", Apply: true), cancellationToken));

        // 2. Ransomware over the largest project.
        var largest = projects[0].First();
        context.Emulator.Mutations.Ransomware(largest.ProjectId);
        findings.Add(await RestoreAsync(context, host, "ransomware", new AccRestoreRequest("bench-ransomware", "night-1", Project: largest.ProjectName, Apply: true), cancellationToken));

        // 3. The smallest project into an empty folder of another one.
        var smallest = projects[^1].First();
        var target = $"{largest.ProjectName}/Project Files/Restored {smallest.ProjectName}";
        findings.Add(await RestoreAsync(context, host, "into-empty", new AccRestoreRequest("bench-elsewhere", "night-1", Project: smallest.ProjectName, Target: target, Apply: true), cancellationToken));

        var workload = Workloads.Of(files, 0, quotas: true);
        var description = Invariant($"seed-scaled account, scale {Scale} ({files.Count} files, sizes ÷ {SizeDivisor}), every APS quota on (writes: items and folders 50, versions and storage 300, OSS 1,000 per window), k = {K} (windows of {60 / K:0.#} s): ")
            + "one backup night, then three restores into ACC through AccRestorer in this process (client pacing on): after a tenth of the files were deleted, after ransomware over the largest project, and the smallest project into an empty folder; each apply timed against its plan's quota floor";
        foreach (var line in findings)
        {
            Console.WriteLine($"  [{Name}] {line}");
        }

        return ScenarioReports.Create(Name, description, Scale, K, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), [], findings);
    }

    private static async Task<string> RestoreAsync(ScenarioContext context, Hosting.EngineHost host, string label, AccRestoreRequest request, CancellationToken cancellationToken)
    {
        var restorer = host.Get<AccRestorer>();
        var planning = Stopwatch.StartNew();
        var plan = await host.Get<AccRestorePlanner>().PlanAsync(request, cancellationToken);
        planning.Stop();
        context.Emulator.ResetStats();
        var before = context.Emulator.GetWriteStats();
        var applying = Stopwatch.StartNew();
        var result = await restorer.ApplyAsync(plan, null, cancellationToken);
        applying.Stop();
        var stats = context.Emulator.GetStats();
        var refused = Enum.GetValues<EndpointCategory>().Sum(c => stats.Count(c, 429));
        var writes = context.Emulator.GetWriteStats();
        var floor = plan.QuotaFloor.Minutes * 60 / K;
        var counts = string.Join(", ", plan.Counts.Where(c => c.Value > 0).Select(c => Invariant($"{c.Value} {c.Key}")));
        return Invariant($"{label}: plan ({counts}; {plan.FoldersToCreate} folders to create, {plan.FoldersToUnhide} to restore) in {planning.Elapsed.TotalSeconds:0.0} s; ")
            + Invariant($"apply {applying.Elapsed.TotalSeconds:0.0} s against a quota floor of {floor:0.0} s (floor ÷ time {(applying.Elapsed.TotalSeconds > 0 ? floor / applying.Elapsed.TotalSeconds : 0):0.00}); ")
            + Invariant($"{writes.VersionsCreated - before.VersionsCreated} versions, {writes.ItemsCreated - before.ItemsCreated} items, {writes.FoldersCreated - before.FoldersCreated} folders created, {writes.UploadedBytes - before.UploadedBytes} bytes uploaded; ")
            + Invariant($"{result.Failures.Count} files failed{(result.Failures.Count > 0 ? " (" + string.Join("; ", result.Failures.Take(3).Select(f => f.Plan.SourcePath + ": " + f.Error)) + ")" : "")}; {refused} × 429");
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
