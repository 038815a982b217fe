using AccBackup.Manifest.Serialization;

namespace AccBackup.Manifest.Catalog;

/// <summary>A file's history across the runs kept: which runs hold it, at which version, in which blob.</summary>
public sealed class FileHistory(RunHistory runs, ManifestReader reader)
{
    /// <summary>Every kept run's entries for the file at <paramref name="path"/> (its ACC path, with or without the project;
    /// case-insensitive), earlier versions included, oldest run first; a run whose manifest cannot be read is left out.</summary>
    public async Task<IReadOnlyList<FileHistoryEntry>> ReadAsync(string path, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        var found = new List<FileHistoryEntry>();
        foreach (var run in (await runs.ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false)).Where(r => r.Summary is not null).OrderBy(r => r.Summary!.FinishedAt))
        {
            var manifest = await reader.ReadAsync(run.RunId, cancellationToken).ConfigureAwait(false);
            foreach (var entry in manifest.Files.Where(e => e.IsAt(path)).OrderBy(e => e.EarlierVersion ? 0 : 1).ThenBy(e => e.VersionNumber))
            {
                found.Add(new FileHistoryEntry(run.RunId, run.Summary!.FinishedAt, entry.Path, entry.Status, entry.VersionNumber, entry.StoredSize, entry.Sha256, entry.BlobName)
                {
                    EarlierVersion = entry.EarlierVersion,
                });
            }
        }

        return found;
    }

    /// <summary>The newest kept run whose manifest holds a copy of version <paramref name="version"/> of the file at <paramref name="path"/>
    /// (<see cref="ManifestEntry.HoldsCopy"/>: its tip, an earlier version, or the kept copy of a file since deleted or moved);
    /// null when none does.</summary>
    public async Task<string?> NewestRunHoldingAsync(string path, int version, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        foreach (var run in (await runs.ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false)).Where(r => r.Summary is not null).OrderByDescending(r => r.Summary!.FinishedAt))
        {
            var manifest = await reader.ReadAsync(run.RunId, cancellationToken).ConfigureAwait(false);
            if (manifest.Files.Any(e => e.HoldsCopy && e.VersionNumber == version && e.IsAt(path)))
            {
                return run.RunId;
            }
        }

        return null;
    }
}

/// <summary>One run's record of a file: its status, version and the blob that holds it (restore with <c>--run</c>, or
/// <c>--version</c>).</summary>
public sealed record FileHistoryEntry(
    string RunId, DateTimeOffset RunFinishedAt, string Path, ManifestStatus Status, int? VersionNumber, long? StoredSize, string? Sha256, string? BlobName)
{
    /// <summary>Whether the run stored this version as one older than the file's tip (Backup:Versions = All).</summary>
    public bool EarlierVersion { get; init; }
}
