using AccBackup.Manifest.Serialization;

namespace AccBackup.Manifest.Catalog;

/// <summary>A run's stored files (<see cref="ManifestEntry.IsStored"/>), or for one version of a file the copies its manifest
/// names, read from its manifest and handed to a step a bounded number at once: the walk verify and restore share, each with
/// its own step per file.</summary>
public sealed class StoredFiles
{
    private StoredFiles(RunManifest manifest, IReadOnlyList<ManifestEntry> selected)
    {
        Manifest = manifest;
        Selected = selected;
    }

    /// <summary>The run's manifest.</summary>
    public RunManifest Manifest { get; }

    /// <summary>The stored files selected, in manifest order.</summary>
    public IReadOnlyList<ManifestEntry> Selected { get; }

    /// <summary>The stored files of <paramref name="runId"/> ("latest" for the latest run) that <paramref name="select"/> keeps (all when null).</summary>
    public static async Task<StoredFiles> ReadAsync(ManifestReader reader, string runId, Func<ManifestEntry, bool>? select, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(reader);
        var manifest = await reader.ReadAsync(runId, cancellationToken).ConfigureAwait(false);
        return new StoredFiles(manifest, [.. manifest.Files.Where(e => e.IsStored && (select?.Invoke(e) ?? true))]);
    }

    /// <summary>The entries of <paramref name="runId"/> whose blob holds a copy (<see cref="ManifestEntry.HoldsCopy"/>: deleted and
    /// moved files' kept copies too) that <paramref name="select"/> keeps: where one version of a file is restored from. When a
    /// stored file is among them, only the stored ones: a file deleted and made again at the same path can have the same version
    /// number, and the account's file is the one asked for (the deleted one's copy is restored with <c>--run</c> of a night it was
    /// live in, while one is kept).</summary>
    public static async Task<StoredFiles> ReadCopiesAsync(ManifestReader reader, string runId, Func<ManifestEntry, bool> select, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(select);
        var manifest = await reader.ReadAsync(runId, cancellationToken).ConfigureAwait(false);
        var copies = manifest.Files.Where(e => e.HoldsCopy && select(e)).ToList();
        return new StoredFiles(manifest, copies.Exists(e => e.IsStored) ? copies.FindAll(e => e.IsStored) : copies);
    }

    /// <summary>Runs <paramref name="step"/> on every selected file, <paramref name="parallelism"/> at once; returns the bytes the steps counted.</summary>
    /// <param name="step">Handles one file and returns the bytes it counts (read, written).</param>
    /// <param name="done">Called after each file with the files done and the bytes counted so far.</param>
    public async Task<long> ForEachAsync(
        int parallelism, Func<ManifestEntry, CancellationToken, Task<long>> step, Action<int, long>? done, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(parallelism);
        ArgumentNullException.ThrowIfNull(step);
        var files = 0;
        long bytes = 0;
        await Parallel.ForEachAsync(
            Selected,
            new ParallelOptions { MaxDegreeOfParallelism = parallelism, CancellationToken = cancellationToken },
            async (entry, ct) =>
            {
                var counted = Interlocked.Add(ref bytes, await step(entry, ct).ConfigureAwait(false));
                done?.Invoke(Interlocked.Increment(ref files), counted);
            }).ConfigureAwait(false);
        return Interlocked.Read(ref bytes);
    }
}
