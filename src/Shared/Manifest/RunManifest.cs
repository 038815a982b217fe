namespace AccBackup.Manifest;

/// <summary>A whole manifest as read back: the summary, then every file.</summary>
public sealed record RunManifest(int FormatVersion, ManifestSummary Summary, IReadOnlyList<ManifestEntry> Files)
{
    /// <summary>The file versions the run holds bytes of (blob and size known), by version id, of one project or of all; the
    /// first entry of a version when it stands twice. What a Docs file attached to an issue is looked up in.</summary>
    public Dictionary<string, ManifestEntry> StoredVersions(string? projectId = null)
    {
        var files = new Dictionary<string, ManifestEntry>(StringComparer.Ordinal);
        foreach (var entry in Files.Where(f => f is { IsStored: true, VersionId: not null, BlobName.Length: > 0, StoredSize: not null }
            && (projectId is null || f.ProjectId == projectId)))
        {
            files.TryAdd(entry.VersionId!, entry);
        }

        return files;
    }
}
