namespace AccBackup.Manifest;

/// <summary>A file's history across the runs kept: which runs hold it, at which version, in which blob.</summary>
public sealed class FileHistory(RunHistory runs, ManifestReader reader)
{
    /// <summary>Every kept run's entry for the file at <paramref name="path"/> (its ACC path, with or without the project;
    /// case-insensitive), oldest run first; a run whose manifest cannot be read is left out.</summary>
    public async Task<IReadOnlyList<FileHistoryEntry>> ReadAsync(string path, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        var wanted = path.Trim().Trim('/');
        var found = new List<FileHistoryEntry>();
        foreach (var run in (await runs.ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false)).Where(r => r.Summary is not null).OrderBy(r => r.Summary!.FinishedAt))
        {
            var manifest = await reader.ReadAsync(run.RunId, cancellationToken).ConfigureAwait(false);
            foreach (var entry in manifest.Files.Where(e => Names(e, wanted)))
            {
                found.Add(new FileHistoryEntry(run.RunId, run.Summary!.FinishedAt, entry.Path, entry.Status, entry.VersionNumber, entry.StoredSize, entry.Sha256, entry.BlobName));
            }
        }

        return found;
    }

    private static bool Names(ManifestEntry entry, string path) =>
        string.Equals(entry.Path, path, StringComparison.OrdinalIgnoreCase)
        || (entry.Path.StartsWith(entry.ProjectName + "/", StringComparison.OrdinalIgnoreCase)
            && string.Equals(entry.Path[(entry.ProjectName.Length + 1)..], path, StringComparison.OrdinalIgnoreCase));
}

/// <summary>One run's record of a file: its status, version and the blob that holds it (restore with <c>--run</c>).</summary>
public sealed record FileHistoryEntry(
    string RunId, DateTimeOffset RunFinishedAt, string Path, ManifestStatus Status, int? VersionNumber, long? StoredSize, string? Sha256, string? BlobName);
