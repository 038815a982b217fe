using AccBackup.Manifest;

namespace AccBackup.AccRestore.Target;

/// <summary>Where a backed-up file goes in ACC: its own folder path, or under a target folder keeping its path relative to --path.</summary>
public static class RestoreTargetPath
{
    /// <summary>The target's project name and folder names (<c>"Project name/Folder/Sub folder"</c>).</summary>
    /// <exception cref="ArgumentException">The target names no folder under a project (files never go in a project's root).</exception>
    public static (string Project, IReadOnlyList<string> Folders) ParseTarget(string target)
    {
        ArgumentNullException.ThrowIfNull(target);
        var parts = target.Split('/', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return parts.Length < 2
            ? throw new ArgumentException($"The target '{target}' must be \"Project name/Folder[/Sub folder…]\": files never go in a project's root, so name at least its top folder (e.g. Project Files).", nameof(target))
            : (parts[0], parts[1..]);
    }

    /// <summary>The entry's path within its project, split into folder names and the file name.</summary>
    /// <remarks>ACC names may hold '/', which the path cannot show; the entry's <see cref="ManifestEntry.Place"/> has one safe
    /// segment per name, so its depth says how many segments are folders (a name with '/' is taken to be the file's). A place
    /// shortened for length (<c>_long-path-</c>) says nothing, and the path is split at every '/'.</remarks>
    public static (IReadOnlyList<string> Folders, string Name) Split(ManifestEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        var segments = WithinProject(entry).Split('/');
        var depth = entry.Place is { } place && !place.Contains("/_long-path-", StringComparison.Ordinal) ? place.Split('/').Length - 2 : -1;
        return depth >= 0 && depth < segments.Length - 1
            ? (segments[..depth], string.Join('/', segments[depth..]))
            : (segments[..^1], segments[^1]);
    }

    /// <summary>The folders the entry goes to under <paramref name="targetFolders"/>: its folders relative to <paramref name="pathPrefix"/>'s folder.</summary>
    public static IReadOnlyList<string> Under(IReadOnlyList<string> targetFolders, ManifestEntry entry, string? pathPrefix)
    {
        ArgumentNullException.ThrowIfNull(targetFolders);
        var (folders, _) = Split(entry);
        var within = WithinProject(entry);
        var prefix = (pathPrefix ?? string.Empty).Trim().Trim('/');
        if (prefix.StartsWith(entry.ProjectName + "/", StringComparison.OrdinalIgnoreCase) && !within.StartsWith(prefix, StringComparison.OrdinalIgnoreCase))
        {
            prefix = prefix[(entry.ProjectName.Length + 1)..];
        }

        // A prefix naming a folder keeps what is below it; one naming the file itself, or ending mid-name, keeps what is below its parent.
        var kept = prefix.Length == 0 ? within
            : within.StartsWith(prefix + "/", StringComparison.OrdinalIgnoreCase) ? within[(prefix.Length + 1)..]
            : prefix.LastIndexOf('/') is var slash and > 0 && within.StartsWith(prefix[..slash] + "/", StringComparison.OrdinalIgnoreCase) ? within[(slash + 1)..]
            : string.Join('/', folders.Append(Split(entry).Name));
        return [.. targetFolders, .. kept.Split('/')[..^1]];
    }

    private static string WithinProject(ManifestEntry entry) =>
        entry.Path.StartsWith(entry.ProjectName + "/", StringComparison.OrdinalIgnoreCase) ? entry.Path[(entry.ProjectName.Length + 1)..] : entry.Path;
}
