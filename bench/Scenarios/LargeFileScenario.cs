using AccBackup.Acc;
using AccBackup.Backup;
using AccBackup.Bench.Reporting;
using AccBackup.Bench.Variants;
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
            Dataset = EmulatorDatasets.Demo, Seed = BenchSettings.DatasetSeed, ExtraLargeFileBytes = settings.LargeFileBytes, Faults = BenchSettings.Faults(),
        };
        await using var context = await ScenarioContext.StartAsync(Name, options, cancellationToken);
        var large = (await context.TruthAsync(cancellationToken)).Single(f => f.DisplayName == FileName);
        var request = RequestFor(large);
        var workload = new Workload(1, 1, large.ServedLength ?? 0, 0, Quotas: true, large.ServedLength ?? 0);
        IReadOnlyList<TruthFile> OnlyLarge(IReadOnlyList<TruthFile> all) => all.Where(f => f.ItemId == large.ItemId).ToList();
        var variants = new List<VariantReport>();

        await using (var host = await context.HostAsync("large-seed", clientRateLimiting: true, cancellationToken))
        {
            var copier = SeedParallel.CopierFor(host);
            variants.Add(await context.RunVariantAsync("seed-parallel-8", host, async ct =>
            {
                var copied = await copier.CopyAsync([request], BenchSettings.SeedParallelism, ct);
                return new VariantOutcome(1, copied.Copied, 0, copied.Failed, Note: "one signed URL, one GET streamed into 4 MiB blocks staged in order");
            }, OnlyLarge, cancellationToken));
        }

        await using (var host = await context.HostAsync("large-engine", clientRateLimiting: true, cancellationToken))
        {
            variants.Add(await context.RunVariantAsync("engine-full", host, async ct =>
            {
                var result = await host.Get<BlobCopier>().CopyAsync(request, ct);
                return new VariantOutcome(1, result.Status == FileCopyStatus.Copied ? 1 : 0, result.Status == FileCopyStatus.Unchanged ? 1 : 0, 0,
                    Note: "BlobCopier.CopyAsync on the one file: ranged GETs, Copy:ParallelBlocksPerFile 8, 4 MiB blocks");
            }, OnlyLarge, cancellationToken));
        }

        var description = $"one {large.ServedLength / (double)(1 << 20):F0} MiB file (emulator ExtraLargeFileBytes in the demo account), copied alone, no listing";
        return ScenarioReports.Create(Name, description, workload, variants,
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
