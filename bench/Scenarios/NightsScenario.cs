using System.Diagnostics;
using System.Globalization;
using AccBackup.Bench.Children;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Quotas;

namespace AccBackup.Bench.Scenarios;

/// <summary>
/// Storage over a month of nights: a full backup, then <see cref="BenchSettings.ChangingNights"/> nights with 1 % of the
/// files with storage changed before each, then a night with nothing changed; the backup container is counted after each.
/// </summary>
/// <remarks>
/// Every version is written once, so what the container holds should be the first night's bytes plus each night's
/// changed bytes, and nothing else: the ratio of the two is the target (≤ <see cref="StorageRatioLimit"/>). The first
/// and the last night run as variants (own process, verified against the truth); the nights between run in this process
/// through <see cref="EngineRun"/> on fresh services, as one night of acc-backup each, and each must copy exactly the files changed.
/// </remarks>
internal static class NightsScenario
{
    public const string Name = "nights";

    /// <summary>Data bytes stored after the nights ÷ (the first night's bytes + the bytes changed since).</summary>
    public const double StorageRatioLimit = 1.02;

    private const string Container = "nights";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.SeedScaled, Seed = BenchSettings.DatasetSeed, Scale = settings.NightsScale, SizeDivisor = BenchSettings.NightsSizeDivisor,
            Faults = BenchSettings.Faults(1), Quotas = QuotaOptions.Disabled,
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, 1, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        var truth = await context.TruthAsync(cancellationToken);
        var firstNightBytes = truth.Where(f => f.HasStorage).Sum(f => f.ServedLength ?? 0);
        var variants = new List<VariantReport>
        {
            await context.RunVariantAsync("engine-full", ChildKinds.Engine, Container, false, null, null, cancellationToken, runId: RunId(1)),
        };
        var afterFirst = await CensusAsync(context, cancellationToken);

        long changedBytes = 0;
        int changedFiles = 0;
        var wrongNights = new List<string>();
        var clock = Stopwatch.StartNew();
        for (var night = 2; night <= BenchSettings.ChangingNights + 1; night++)
        {
            var changed = Change(context.Emulator, truth, night);
            var now = await context.TruthAsync(cancellationToken);
            changedBytes += now.Where(f => changed.Contains(f.ItemId)).Sum(f => f.ServedLength ?? 0);
            changedFiles += changed.Count;
            await using var host = await context.HostAsync(Container, cancellationToken);
            var outcome = await EngineRun.RunAsync(host, RunId(night), cancellationToken);
            if (outcome.FilesCopied != changed.Count || outcome.FilesFailed != 0)
            {
                wrongNights.Add(Invariant($"night {night}: {outcome.FilesCopied} copied, {outcome.FilesFailed} failed, {changed.Count} changed"));
            }
        }

        var changingSeconds = clock.Elapsed.TotalSeconds;
        var beforeNoChange = await CensusAsync(context, cancellationToken);
        var noChange = await context.RunVariantAsync("engine-nochange", ChildKinds.Engine, Container, false, null, null, cancellationToken,
            runId: RunId(BenchSettings.ChangingNights + 2));
        var final = await CensusAsync(context, cancellationToken);
        variants.Add(wrongNights.Count == 0 ? noChange : noChange with { Verified = false, Note = "nights that copied other than the changed files: " + string.Join("; ", wrongNights) });

        var storage = new NightsStorage(
            BenchSettings.ChangingNights,
            truth.Count(f => f.HasStorage),
            firstNightBytes,
            changedFiles,
            changedBytes,
            afterFirst,
            final,
            final.DataBlobs - beforeNoChange.DataBlobs,
            final.DataBytes - beforeNoChange.DataBytes,
            Math.Round(final.DataBytes / (double)Math.Max(firstNightBytes + changedBytes, 1), 4),
            Math.Round(changingSeconds / BenchSettings.ChangingNights, 2),
            wrongNights);
        Console.WriteLine($"  [{Name}] {storage.Describe()}");

        var workload = Workloads.Of(truth, Workloads.FolderPages(variants), quotas: false);
        var description = Invariant($"seed-scaled account, scale {settings.NightsScale} ({workload.Files} files, {workload.SignedUrls} with storage, {firstNightBytes / 1e6:F1} MB after sizes ÷ {BenchSettings.NightsSizeDivisor}), APS quotas off, k = 1: ") +
            Invariant($"engine-full (night 1), then {BenchSettings.ChangingNights} nights in this process each after Mutations.ChangeFile on {BenchSettings.ChangedShare:P0} of the files with storage (same size, new bytes), then engine-nochange");
        return ScenarioReports.Create(Name, description, settings.NightsScale, 1, workload, Workloads.ModelOf(options.Quotas, clientPacing: false), variants,
            [.. storage.Findings()]) with { Storage = storage };
    }

    /// <summary>The run id of night <paramref name="night"/>: sorted as the nights ran.</summary>
    private static string RunId(int night) => Invariant($"night-{night:D2}");

    private static async Task<ContainerCensus> CensusAsync(ScenarioContext context, CancellationToken cancellationToken)
    {
        await using var host = await context.HostAsync(Container, cancellationToken);
        return await ContainerCensus.TakeAsync(host, cancellationToken);
    }

    // 1 % of the files with storage, in the truth's (deterministic) order, a different hundredth each night.
    private static HashSet<string> Change(EmulatorServer emulator, IReadOnlyList<TruthFile> truth, int night)
    {
        var step = (int)Math.Round(1 / BenchSettings.ChangedShare);
        var offset = night * 37 % step;
        var chosen = truth.Where(f => f.HasStorage).Where((_, i) => i % step == offset).Select(f => f.ItemId).ToHashSet(StringComparer.Ordinal);
        foreach (var itemId in chosen)
        {
            emulator.Mutations.ChangeFile(itemId);
        }

        return chosen;
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
