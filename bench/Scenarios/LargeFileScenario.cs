using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Bench.Children;
using AccBackup.Bench.Reporting;
using AccEmulator;
using AccEmulator.Control;

namespace AccBackup.Bench.Scenarios;

/// <summary>One large file (the demo account's extra large file) copied alone: one stream against parallel ranged blocks.</summary>
internal static class LargeFileScenario
{
    public const string Name = "large-file";

    private const string FileName = "large-extra.bin";

    public static async Task<ScenarioReport> RunAsync(BenchSettings settings, CancellationToken cancellationToken)
    {
        var options = new EmulatorOptions
        {
            Dataset = EmulatorDatasets.Demo, Seed = BenchSettings.DatasetSeed, ExtraLargeFileBytes = settings.LargeFileBytes, Faults = BenchSettings.Faults(1),
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, 1, settings.ProductSettings, azuriteOnDisk: false, cancellationToken);
        var large = (await context.TruthAsync(cancellationToken)).Single(f => f.DisplayName == FileName);
        var request = RequestFor(large);
        var workload = new Workload(1, 1, large.ServedLength ?? 0, 0, Quotas: true, large.ServedLength ?? 0);
        IReadOnlyList<TruthFile> OnlyLarge(IReadOnlyList<TruthFile> all, IReadOnlySet<string> _) => all.Where(f => f.ItemId == large.ItemId).ToList();
        var variants = new List<VariantReport>
        {
            await context.RunVariantAsync("seed-parallel-8", ChildKinds.LargeSeed, "large-seed", true, null, OnlyLarge, cancellationToken, request),
            await context.RunVariantAsync("engine-full", ChildKinds.LargeEngine, "large-engine", true, null, OnlyLarge, cancellationToken, request),
            await ServerCopyVariant.RunAsync(Name, "engine-server", ChildKinds.LargeEngine, options, settings.ProductSettings, true, OnlyLarge, request, cancellationToken),
        };

        var description = $"one {large.ServedLength / (double)(1 << 20):F0} MiB file (emulator ExtraLargeFileBytes in the demo account), copied alone, no listing, k = 1";
        return ScenarioReports.Create(Name, description, 0, 1, workload, Workloads.ModelOf(options.Quotas, clientPacing: true), variants,
        [
            $"a single connection is capped at {BenchSettings.PerConnectionBytesPerSecond / 1e6:0} MB/s: one stream needs ≥ {workload.Bytes / (double)BenchSettings.PerConnectionBytesPerSecond:F1} s; " +
            $"8 parallel blocks are capped at {8 * BenchSettings.PerConnectionBytesPerSecond / 1e6:0} MB/s: ≥ {workload.Bytes / (8.0 * BenchSettings.PerConnectionBytesPerSecond):F1} s",
        ]);
    }

    private static FileCopyRequest RequestFor(TruthFile file) => new(
        file.ProjectId,
        file.ItemId,
        file.VersionId,
        file.VersionNumber,
        file.StorageSize,
        OssObject.TryParse(file.StorageId ?? string.Empty) ?? throw new InvalidOperationException($"{file.Path} has no storage id."),
        "large-file/" + FileName,
        file.Path,
        null);
}
