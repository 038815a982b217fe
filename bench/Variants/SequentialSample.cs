using System.Diagnostics;
using AccBackup.Backup.Copying;
using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Variants;

/// <summary>
/// The naive baseline: list every folder one at a time, then copy one file at a time. Listing runs in full; copying runs
/// on one file in <see cref="BenchSettings.SequentialSampleEvery"/> (in listing order) and its time is scaled up by that
/// factor, since copying them all one by one would take most of the benchmark's time budget.
/// </summary>
internal static class SequentialSample
{
    /// <summary>Lists, copies the sample, and reports the estimated whole-account time as the wall time.</summary>
    public static async Task<(VariantOutcome Outcome, IReadOnlySet<string> SampledItems)> RunAsync(SeedCopier copier, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var files = await copier.ListAsync(cancellationToken);
        var listing = clock.Elapsed;
        var requests = files.Select(f => f.ToCopyRequest()).OfType<FileCopyRequest>().ToList();
        var sample = requests.Where((_, i) => i % BenchSettings.SequentialSampleEvery == 0).ToList();

        clock.Restart();
        var copied = await copier.CopyAsync(sample, parallelism: 1, cancellationToken);
        var copying = clock.Elapsed;

        var factor = (double)requests.Count / Math.Max(1, sample.Count);
        var estimate = listing + (copying * factor);
        var note = $"listing measured in full ({listing.TotalSeconds:F1} s); copy measured on {sample.Count} of {requests.Count} files " +
            $"({copied.Bytes / 1e6:F0} MB in {copying.TotalSeconds:F1} s) and scaled by {factor:F2} (by file count); wall = the estimate; " +
            "MB/s, RSS, CPU and calls are those of the sampled run";
        var outcome = new VariantOutcome(files.Count, copied.Copied, 0, copied.Failed, Note: note, WallOverride: estimate,
            BytesOverride: requests.Sum(r => r.ApiSize ?? 0));
        return (outcome, sample.Select(r => r.ItemId).ToHashSet(StringComparer.Ordinal));
    }
}
