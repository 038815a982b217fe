using AccBackup.Manifest;

namespace AccBackup.BackupConsole.Browse;

/// <summary>A project's folders and files as one night saw them (the account as it was: its files' tips, not the earlier
/// versions or the deleted and moved files the manifest also keeps), and the search by name over them.</summary>
internal sealed class ProjectTree(NightSelector nights)
{
    /// <summary>Most files a search returns.</summary>
    public const int MaxSearchResults = 200;

    /// <summary>The projects the night holds, by name.</summary>
    public async Task<ProjectList> ProjectsAsync(string? night, string? at, CancellationToken cancellationToken)
    {
        var (selected, manifest) = await nights.SelectAsync(night, at, cancellationToken).ConfigureAwait(false);
        return new ProjectList(selected, [.. manifest.Files.Where(InAccount).Select(e => e.ProjectName).Distinct(StringComparer.Ordinal).Order(StringComparer.OrdinalIgnoreCase)]);
    }

    /// <summary>The sub-folders and files of <paramref name="folder"/> ('/'-separated, within <paramref name="project"/>; empty for its top).</summary>
    public async Task<FolderListing> FolderAsync(string? night, string? at, string project, string? folder, CancellationToken cancellationToken)
    {
        var (selected, manifest) = await nights.SelectAsync(night, at, cancellationToken).ConfigureAwait(false);
        var wanted = (folder ?? string.Empty).Trim().Trim('/');
        var prefix = wanted.Length == 0 ? string.Empty : wanted + "/";
        var folders = new SortedSet<string>(StringComparer.OrdinalIgnoreCase);
        var files = new List<FileRow>();
        foreach (var entry in Files(manifest, project))
        {
            var within = WithinProject(entry);
            if (!within.StartsWith(prefix, StringComparison.Ordinal))
            {
                continue;
            }

            var rest = within[prefix.Length..];
            var slash = rest.IndexOf('/', StringComparison.Ordinal);
            if (slash >= 0)
            {
                folders.Add(rest[..slash]);
            }
            else
            {
                files.Add(Row(entry));
            }
        }

        return new FolderListing(selected, project, wanted, [.. folders], [.. files.OrderBy(f => f.Name, StringComparer.OrdinalIgnoreCase)]);
    }

    /// <summary>The files of <paramref name="project"/> whose name contains every word of <paramref name="query"/> (case-insensitive).</summary>
    public async Task<SearchResult> SearchAsync(string? night, string? at, string project, string query, CancellationToken cancellationToken)
    {
        var (selected, manifest) = await nights.SelectAsync(night, at, cancellationToken).ConfigureAwait(false);
        var words = query.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        var found = Files(manifest, project)
            .Select(Row)
            .Where(f => words.All(w => f.Name.Contains(w, StringComparison.OrdinalIgnoreCase)))
            .OrderBy(f => f.Folder, StringComparer.OrdinalIgnoreCase).ThenBy(f => f.Name, StringComparer.OrdinalIgnoreCase)
            .Take(MaxSearchResults + 1)
            .ToList();
        var truncated = found.Count > MaxSearchResults;
        return new SearchResult(selected, project, query, truncated ? found[..MaxSearchResults] : found, truncated);
    }

    private static IEnumerable<ManifestEntry> Files(RunManifest manifest, string project) =>
        manifest.Files.Where(e => InAccount(e) && string.Equals(e.ProjectName, project, StringComparison.Ordinal));

    private static bool InAccount(ManifestEntry entry) => !entry.EarlierVersion && entry.Status is not (ManifestStatus.Deleted or ManifestStatus.Moved);

    /// <summary>The entry's path within its project: manifests write ACC paths with the project's name first.</summary>
    private static string WithinProject(ManifestEntry entry) =>
        entry.Path.StartsWith(entry.ProjectName + "/", StringComparison.Ordinal) ? entry.Path[(entry.ProjectName.Length + 1)..] : entry.Path;

    private static FileRow Row(ManifestEntry entry)
    {
        var within = WithinProject(entry);
        var slash = within.LastIndexOf('/');
        return new FileRow(
            slash < 0 ? within : within[(slash + 1)..], slash < 0 ? string.Empty : within[..slash], entry.Path,
            ManifestStatusNames.Of(entry.Status), entry.VersionNumber, entry.StoredSize, entry.Sha256);
    }
}
