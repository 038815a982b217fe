using AccBackup.Manifest;

namespace AccBackup.Restore;

/// <summary>What to restore: one run's stored files, optionally one project or one path prefix, into a folder.</summary>
/// <param name="RunId">The run ("latest" for the latest run).</param>
/// <param name="Destination">The folder to write into; created when missing. Nothing is ever written outside it.</param>
/// <param name="Project">A project name or id (case-insensitive); null for every project.</param>
/// <param name="PathPrefix">Keeps files whose ACC path, path within the project, or blob name starts with this (case-insensitive); null for all.</param>
/// <param name="Overwrite">Whether a different file already at a target path is replaced; when false it is left as it is and reported as skipped.</param>
/// <param name="AsOf">When set, the run restored is the last one finished at or before this time (<see cref="RunHistory.AsOfAsync"/>), not <paramref name="RunId"/>.</param>
public sealed record RestoreRequest(string RunId, string Destination, string? Project = null, string? PathPrefix = null, bool Overwrite = false, DateTimeOffset? AsOf = null)
{
    /// <summary>Whether <paramref name="entry"/> is one this request restores (the caller has already kept only stored entries).</summary>
    public bool Selects(ManifestEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        if (!string.IsNullOrWhiteSpace(Project)
            && !string.Equals(entry.ProjectName, Project.Trim(), StringComparison.OrdinalIgnoreCase)
            && !string.Equals(entry.ProjectId, Project.Trim(), StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

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
