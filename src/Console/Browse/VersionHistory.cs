using AccBackup.BackupConsole.Api;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.BackupConsole.Browse;

/// <summary>A file's history as the console shows it: <see cref="FileHistory"/>'s entries (one per night and version) grouped by
/// stored version, newest first.</summary>
internal sealed class VersionHistory(FileHistory history)
{
    /// <summary>Every stored version of the file at <paramref name="path"/> and the nights holding it.</summary>
    /// <exception cref="ConsoleRequestException">No kept night holds the file.</exception>
    public async Task<FileVersions> ReadAsync(string path, CancellationToken cancellationToken)
    {
        var entries = await history.ReadAsync(path, cancellationToken).ConfigureAwait(false);
        if (entries.Count == 0)
        {
            throw ConsoleRequestException.NotFound($"no kept night holds '{path}'");
        }

        var versions = entries
            .GroupBy(e => (e.VersionNumber, e.Sha256, e.StoredSize))
            .Select(g => new StoredVersion(
                g.Key.VersionNumber,
                g.Key.StoredSize,
                g.Key.Sha256,
                g.All(e => e.EarlierVersion),
                g.Any(HoldsCopy),
                [.. g.OrderBy(e => e.RunFinishedAt).Select(e => new VersionNight(e.RunId, e.RunFinishedAt, ManifestStatusNames.Of(e.Status)))]))
            .OrderByDescending(v => v.VersionNumber ?? 0).ThenByDescending(v => v.Nights[^1].FinishedAt)
            .ToList();
        return new FileVersions(entries[^1].Path, versions);
    }

    // As ManifestEntry.HoldsCopy, for what FileHistory keeps of an entry.
    private static bool HoldsCopy(FileHistoryEntry entry) =>
        entry.BlobName is { Length: > 0 } && entry.StoredSize is not null && entry.VersionNumber is not null
        && entry.Status is not (ManifestStatus.Failed or ManifestStatus.Planned or ManifestStatus.NoContent);
}
