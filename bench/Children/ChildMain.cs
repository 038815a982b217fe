using System.Diagnostics;
using System.Text.Json;
using AccBackup.Backup.Copying;
using AccBackup.Bench.Hosting;
using AccBackup.Bench.Measure;
using AccBackup.Bench.Scenarios;
using AccBackup.Bench.Variants;
using AccBackup.Quotas;
using AccBackup.Restore;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Bench.Children;

/// <summary>The child side (<c>--child spec.json</c>): runs one variant in this fresh process and writes what it cost.</summary>
/// <remarks>Only the copier runs here; the emulator and Azurite are other processes, so this process's peak RSS, CPU and
/// allocations are the copier's alone.</remarks>
internal static class ChildMain
{
    public static async Task<int> RunAsync(string specPath, CancellationToken cancellationToken)
    {
        var spec = JsonSerializer.Deserialize<ChildSpec>(await File.ReadAllTextAsync(specPath, cancellationToken), ChildJson.Options)
            ?? throw new InvalidOperationException($"{specPath} holds no child spec.");
        using var warnings = new WarningLog();
        var downloads = new DownloadGauge();
        await using var heap = new HeapSampler();
        ChildResult result;
        try
        {
            result = await RunKindAsync(spec, warnings, downloads, cancellationToken);
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            var failed = new VariantOutcome(0, 0, 0, 0, Note: $"FAILED: {e.GetType().Name}: {e.Message}", Stalled: true);
            result = new ChildResult(failed, 0, 0, PeakRss(), 0, 0, 0, 0, 0, downloads.Bytes, warnings.Count, warnings.First, null, null);
        }

        result = result with { MemoryAtPeak = heap.Peak };

        var temporary = spec.ResultPath + ".tmp";
        await File.WriteAllTextAsync(temporary, JsonSerializer.Serialize(result, ChildJson.Options), cancellationToken);
        File.Move(temporary, spec.ResultPath, overwrite: true);
        return 0;
    }

    private static async Task<ChildResult> RunKindAsync(ChildSpec spec, WarningLog warnings, DownloadGauge downloads, CancellationToken cancellationToken)
    {
        if (spec.Kind == ChildKinds.Durable)
        {
            var meter = Cost.Start(downloads);
            var (outcome, figures, buffers) = await Durable.DurableRun.RunAsync(spec.Settings, spec.Compression, warnings, downloads, spec.RunId, cancellationToken);
            return meter.Stop(outcome, warnings, null, figures) with { DownloadBufferBytes = buffers };
        }

        await using var host = await EngineHost.StartAsync(spec.Settings, spec.Compression, warnings, downloads, cancellationToken);
        await using var pacing = spec.Kind == ChildKinds.Engine ? new PacingSampler(host.Get<ApsQuotaLimiter>(), host.Get<TransferSlots>(), host.Get<Microsoft.Extensions.Options.IOptions<AccBackup.Backup.Settings.CopyOptions>>().Value.MaxConcurrentTransfers) : null;
        var result = await RunOnHostAsync(spec, host, Cost.Start(downloads), warnings, cancellationToken);
        var slots = host.Get<TransferSlots>();
        return result with { DownloadBufferBytes = slots.PeakBufferBytes, Pacing = pacing is null ? null : await pacing.StopAsync() };
    }

    private static async Task<ChildResult> RunOnHostAsync(ChildSpec spec, EngineHost host, Cost cost, WarningLog warnings, CancellationToken cancellationToken)
    {
        switch (spec.Kind)
        {
            case ChildKinds.Engine:
                return cost.Stop(await EngineRun.RunAsync(host, spec.RunId, cancellationToken), warnings, null, null);
            case ChildKinds.SeedParallel:
                return cost.Stop(await SeedParallel.RunAsync(SeedParallel.CopierFor(host), cancellationToken), warnings, null, null);
            case ChildKinds.Sequential:
                var (sampledOutcome, sampled) = await SequentialSample.RunAsync(SeedParallel.CopierFor(host), cancellationToken);
                return cost.Stop(sampledOutcome, warnings, [.. sampled], null);
            case ChildKinds.LargeSeed:
                var request = spec.LargeFile ?? throw new InvalidOperationException("large-seed needs a file.");
                var copied = await SeedParallel.CopierFor(host).CopyAsync([request], BenchSettings.SeedParallelism, cancellationToken);
                return cost.Stop(new VariantOutcome(1, copied.Copied, 0, copied.Failed, Note: "one signed URL, one GET streamed into 4 MiB blocks staged in order"), warnings, null, null);
            case ChildKinds.LargeEngine:
                var file = spec.LargeFile ?? throw new InvalidOperationException("large-engine needs a file.");
                var one = await host.Get<BlobCopier>().CopyAsync(file, cancellationToken);
                var outcome = new VariantOutcome(1, one.Status == FileCopyStatus.Copied ? 1 : 0, one.Status == FileCopyStatus.Unchanged ? 1 : 0, one.Status == FileCopyStatus.Failed ? 1 : 0,
                    Note: "BlobCopier.CopyAsync on the one file" + (spec.Settings.TryGetValue("Copy:Mode", out var mode) && mode is not null ? $" (Copy:Mode {mode})" : ": ranged GETs, Copy:ParallelBlocksPerFile 8, 4 MiB blocks"));
                return cost.Stop(outcome, warnings, null, null);
            case ChildKinds.Restore:
                var to = spec.RestoreTo ?? throw new InvalidOperationException("restore needs a folder.");
                var restored = await ActivatorUtilities.CreateInstance<RunRestorer>(host.Services).RestoreAsync(new RestoreRequest(spec.RunId, to), null, cancellationToken);
                var problems = restored.Failures.Concat(restored.Skipped).Take(3).Select(f => $"{f.Path}: {f.Reason}").ToList();
                return cost.Stop(new VariantOutcome(restored.Selected, restored.Restored, restored.AlreadyPresent, restored.Failures.Count + restored.Skipped.Count,
                    Note: $"RunRestorer (acc-backup restore) of run {spec.RunId}: {restored.Restored} files, {restored.Bytes / 1e6:F0} MB, each SHA-256 proven against the manifest" +
                        string.Concat(problems.Select(p => "; " + p)),
                    BytesOverride: restored.Bytes), warnings, null, null);
            default:
                throw new InvalidOperationException($"Unknown child kind '{spec.Kind}'.");
        }
    }

    private static long PeakRss() => AzuriteProcess.StatusKilobytes("/proc/self/status", "VmHWM:") * 1024;

    /// <summary>This process's cost from the start of the work.</summary>
    private sealed class Cost
    {
        private readonly DownloadGauge downloads;
        private readonly Stopwatch clock = Stopwatch.StartNew();
        private readonly long startRss = Environment.WorkingSet;
        private readonly long startAllocated = GC.GetTotalAllocatedBytes(precise: false);
        private readonly int startGen2 = GC.CollectionCount(2);
        private readonly TimeSpan startCpu = Cpu();

        private Cost(DownloadGauge downloads)
        {
            this.downloads = downloads;
            downloads.Reset();
        }

        public static Cost Start(DownloadGauge downloads) => new(downloads);

        public ChildResult Stop(VariantOutcome outcome, WarningLog warnings, IReadOnlyList<string>? sampled, OrchestrationFigures? figures) => new(
            outcome,
            clock.Elapsed.TotalSeconds,
            startRss,
            PeakRss(),
            (Cpu() - startCpu).TotalSeconds,
            GC.GetTotalAllocatedBytes(precise: false) - startAllocated,
            GC.CollectionCount(2) - startGen2,
            downloads.Average,
            downloads.Peak,
            downloads.Bytes,
            warnings.Count,
            warnings.First,
            sampled,
            figures);

        private static TimeSpan Cpu()
        {
            using var self = Process.GetCurrentProcess();
            return self.TotalProcessorTime;
        }
    }
}

/// <summary>The JSON form of specs and results passed between the parent and its children.</summary>
internal static class ChildJson
{
    public static readonly JsonSerializerOptions Options = new() { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };
}
