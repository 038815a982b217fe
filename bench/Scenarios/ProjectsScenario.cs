using System.Globalization;
using AccBackup.Bench.Children;
using AccBackup.Bench.Reporting;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// An account of 1,000 small projects (issue 35), beside the figures Autodesk's own reference design for backing up
/// 1,000 ACC projects publishes: a full backup, the next night with nothing changed, then a night with 5 % of the files changed.
/// </summary>
/// <remarks>
/// The full and the 5 % nights are quota-bound and run compressed k-fold like quota-bound (their k = 1 time is k × the
/// measured one). The no-change night runs at APS's real windows, latency and pacing (k = 1): its 1,000 top-folder calls
/// are over three minutes of APS's 300-a-minute quota, which is its real time, not something to project.
/// </remarks>
internal static class ProjectsScenario
{
    public const string Name = "projects-1000";

    /// <summary>Projects in the account.</summary>
    public const int Projects = 1000;

    /// <summary>The seed-scaled account at this scale (10,058 files, 2,934 folders) split over <see cref="Projects"/>: about 10 files and 3 folders each.</summary>
    public const double Scale = 0.25;

    /// <summary>Share of the files with storage changed before the last night.</summary>
    public const double ChangedShare = 0.05;

    // Autodesk's reference design for backing up 1,000 ACC projects: its published calls and times per night.
    private const int ReferenceNoChangeCalls = 1007;
    private const double ReferenceNoChangeMinutes = 3.4;
    private const int ReferenceChangedCalls = 6500;
    private const double ReferenceChangedMinutes = 22;
    private const int ReferenceBruteForceCalls = 100_000;
    private const double ReferenceBruteForceHours = 5.5;

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var k = settings.Compression;
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = Scale, Projects = Projects, SizeDivisor = k,
            Faults = BenchSettings.Faults(k), Quotas = BenchSettings.Quotas(k),
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, k, settings.ProductSettings, azuriteOnDisk: true, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var variants = new List<VariantReport>
        {
            await context.RunVariantAsync("engine-full", ChildKinds.Engine, "projects-engine", true, null, null, cancellationToken),
        };

        // The engine variants share one container, so each run finds what the previous one stored.
        context.Emulator.Faults = BenchSettings.Faults(1);
        context.Emulator.Quotas = BenchSettings.Quotas(1);
        variants.Add(await context.RunVariantAsync("engine-nochange", ChildKinds.Engine, "projects-engine", true, null, null, cancellationToken, compression: 1));
        context.Emulator.Faults = BenchSettings.Faults(k);
        context.Emulator.Quotas = BenchSettings.Quotas(k);

        var changed = Change(context.Emulator, truth);
        var fivePercent = await context.RunVariantAsync("engine-5pct", ChildKinds.Engine, "projects-engine", true, null, null, cancellationToken);
        variants.Add(fivePercent with { Note = $"{changed} files changed (Mutations.ChangeFile, same size, new bytes) before the run; {fivePercent.Note}" });

        var workload = Workloads.Of(truth, Workloads.FolderPages(variants), quotas: true);
        var description = $"seed-scaled account, scale {Scale}, split over {Projects:N0} projects: {workload.Files} files ({workload.SignedUrls} with storage, " +
            $"{workload.Bytes / 1e9:F2} GB after sizes ÷ {k}) listed in {workload.FolderListings} folder-contents pages; engine-full and engine-5pct at k = {k} " +
            "(APS quotas per 6 s window, latency ÷ k), engine-nochange at k = 1 (APS's real windows, latency and pacing); client-side pacing on";
        return ScenarioReports.Create(Name, description, Scale, k, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), variants, Comparison(variants, k, changed));
    }

    /// <summary>The no-change night's APS calls and the most it may make: one per project, plus the token, the project list and one more.</summary>
    public static (long Calls, int Allowed) NoChangeCalls(ScenarioReport scenario) =>
        scenario.Variants.FirstOrDefault(v => v.Name == "engine-nochange") is { } run ? (run.ApsCalls.Values.Sum(), Projects + 3) : (0, Projects + 3);

    private static List<string> Comparison(IReadOnlyList<VariantReport> variants, double k, int changed)
    {
        var findings = new List<string>();
        if (variants.FirstOrDefault(v => v.Name == "engine-nochange") is { } noChange)
        {
            findings.Add(F($"no-change night: {noChange.ApsCalls.Values.Sum():N0} APS calls for {Projects:N0} projects ({Calls(noChange)}), {noChange.ApsCalls.GetValueOrDefault("Oss")} signed URLs, {noChange.WallSeconds:F1} s = {noChange.WallSeconds / 60:F1} min at k = 1; Autodesk's reference design: about {ReferenceNoChangeCalls:N0} calls, {ReferenceNoChangeMinutes} min"));
        }

        if (variants.FirstOrDefault(v => v.Name == "engine-5pct") is { } changedNight)
        {
            findings.Add(F($"{ChangedShare:P0} changed ({changed} files): {changedNight.ApsCalls.Values.Sum():N0} APS calls ({Calls(changedNight)}), {changedNight.FilesCopied} files copied, {changedNight.WallSeconds:F1} s at k = {k} = {k * changedNight.WallSeconds / 60:F1} min at k = 1; Autodesk's reference design: about {ReferenceChangedCalls:N0} calls, {ReferenceChangedMinutes} min"));
        }

        if (variants.FirstOrDefault(v => v.Name == "engine-full") is { } full)
        {
            findings.Add(F($"full backup (every folder listed, every file copied; no previous run): {full.ApsCalls.Values.Sum():N0} APS calls ({Calls(full)}), {full.WallSeconds:F1} s at k = {k} = {k * full.WallSeconds / 60:F1} min at k = 1; Autodesk's reference design lists everything every night (brute force): about {ReferenceBruteForceCalls:N0} calls, {ReferenceBruteForceHours} h, on projects of its own size (ours hold about 10 files each)"));
        }

        return findings;
    }

    private static string Calls(VariantReport variant) => string.Join(", ", variant.ApsCalls.Where(c => c.Value > 0).Select(c => F($"{c.Key} {c.Value:N0}")));

    // Every 20th file with storage, in the truth's (deterministic) order: 5 % of them.
    private static int Change(EmulatorServer emulator, IReadOnlyList<TruthFile> truth)
    {
        var step = (int)Math.Round(1 / ChangedShare);
        var chosen = truth.Where(f => f.HasStorage).Where((_, i) => i % step == step / 2).ToList();
        foreach (var file in chosen)
        {
            emulator.Mutations.ChangeFile(file.ItemId);
        }

        return chosen.Count;
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
