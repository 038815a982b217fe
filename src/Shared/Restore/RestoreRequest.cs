using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;


namespace AccBackup.Restore;

/// <summary>What to restore: one run's stored files, optionally one project or one path prefix, into a folder; or one
/// version of one file.</summary>
/// <param name="RunId">The run ("latest" for the latest run).</param>
/// <param name="Destination">The folder to write into; created when missing. Nothing is ever written outside it.</param>
/// <param name="Project">A project name or id (case-insensitive); null for every project.</param>
/// <param name="PathPrefix">Keeps files whose ACC path, path within the project, or blob name starts with this (case-insensitive); null for all.</param>
/// <param name="Overwrite">Whether a different file already at a target path is replaced; when false it is left as it is and reported as skipped.</param>
/// <param name="AsOf">When set, the run restored is the last one finished at or before this time (<see cref="RunHistory.AsOfAsync"/>), not <paramref name="RunId"/>.</param>
/// <param name="Version">When set, only this version of the file at exactly <paramref name="PathPrefix"/> is restored, from the
/// newest run that holds a copy of it (<see cref="FileHistory.NewestRunHoldingAsync"/>): tip, earlier version, or the kept copy of a
/// file since deleted or moved in ACC; not <paramref name="RunId"/>.</param>
public sealed record RestoreRequest(
    string RunId, string Destination, string? Project = null, string? PathPrefix = null, bool Overwrite = false, DateTimeOffset? AsOf = null, int? Version = null)
{
    /// <summary>Whether <paramref name="entry"/> is one this request restores (the caller has already kept only entries whose blob holds a copy).</summary>
    /// <remarks>Without <see cref="Version"/>, the run's account as it was: its files' tips, not the earlier versions it stored.</remarks>
    public bool Selects(ManifestEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        if (Version is { } version)
        {
            return entry.VersionNumber == version && PathPrefix is not null && entry.IsAt(PathPrefix) && ProjectSelects(entry);
        }

        return !entry.EarlierVersion && ProjectSelects(entry) && PathSelects(entry);
    }

    private bool ProjectSelects(ManifestEntry entry) =>
        string.IsNullOrWhiteSpace(Project)
        || string.Equals(entry.ProjectName, Project.Trim(), StringComparison.OrdinalIgnoreCase)
        || string.Equals(entry.ProjectId, Project.Trim(), StringComparison.OrdinalIgnoreCase);

    private bool PathSelects(ManifestEntry entry)
    {
        if (string.IsNullOrWhiteSpace(PathPrefix))
        {
            return true;
        }

        var prefix = PathPrefix.Trim().TrimStart('/');
        var projectFolder = entry.ProjectName + "/";
        var withinProject = entry.Path.StartsWith(projectFolder, StringComparison.OrdinalIgnoreCase) ? entry.Path[projectFolder.Length..] : null;
        return entry.Path.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)
            || (withinProject?.StartsWith(prefix, StringComparison.OrdinalIgnoreCase) ?? false)
            || (entry.RestorePath?.StartsWith(prefix, StringComparison.OrdinalIgnoreCase) ?? false);
    }
}
