namespace AccBackup.Restore;

/// <summary>Maps a blob name to a file under the restore folder, refusing any name that would land outside it.</summary>
/// <remarks>
/// Manifests are data read back from storage, so a blob name is not trusted: it is resolved to a full path and must
/// stay strictly inside the root; existing folders on the way must not be symbolic links (which could point out).
/// </remarks>
public static class RestoreTarget
{
    /// <summary>The full path <paramref name="blobName"/> restores to under <paramref name="root"/>, or null with the reason it is refused.</summary>
    public static string? Resolve(string root, string blobName, out string? refusal)
    {
        ArgumentException.ThrowIfNullOrEmpty(root);
        var fullRoot = Path.TrimEndingDirectorySeparator(Path.GetFullPath(root));
        refusal = null;
        if (string.IsNullOrEmpty(blobName) || blobName.Contains('\0', StringComparison.Ordinal) || Path.IsPathRooted(blobName))
        {
            refusal = "the blob name is empty, absolute or holds a NUL character, so it has no place in the restore folder";
            return null;
        }

        var segments = blobName.Split('/', '\\');
        if (segments.Any(s => s is "" or "." or ".."))
        {
            refusal = "the blob name has an empty, '.' or '..' segment and could escape the restore folder";
            return null;
        }

        var full = Path.GetFullPath(Path.Combine(fullRoot, Path.Combine(segments)));
        if (!full.StartsWith(fullRoot + Path.DirectorySeparatorChar, PathComparison))
        {
            refusal = "the blob name resolves outside the restore folder";
            return null;
        }

        return full;
    }

    /// <summary>
    /// Creates the folders from <paramref name="root"/> down to <paramref name="directory"/> (both full paths), one at a time;
    /// false with the reason when a folder on the way is a symbolic link or a file.
    /// </summary>
    /// <remarks>
    /// Every existing folder on the way is checked before any folder is created, so a link inside the restore folder
    /// never gets even an empty folder created through it; each new folder is checked again once made.
    /// </remarks>
    public static bool TryCreateFolder(string root, string directory, out string? refusal)
    {
        var current = Path.TrimEndingDirectorySeparator(Path.GetFullPath(root));
        var relative = Path.GetRelativePath(current, directory);
        var folders = new List<string>();
        foreach (var segment in relative == "." ? [] : relative.Split(Path.DirectorySeparatorChar))
        {
            folders.Add(current = Path.Combine(current, segment));
        }

        // Check what exists, top down, before creating anything; below the first missing folder nothing exists.
        foreach (var folder in folders)
        {
            if ((refusal = RefusalOf(folder)) is not null)
            {
                return false;
            }

            if (!Directory.Exists(folder))
            {
                break;
            }
        }

        foreach (var folder in folders)
        {
            Directory.CreateDirectory(folder);
            if ((refusal = RefusalOf(folder)) is not null)
            {
                return false;
            }
        }

        refusal = null;
        return true;
    }

    /// <summary>Why a restored file may not be written at <paramref name="path"/> (a symbolic link), or null.</summary>
    public static string? LinkRefusal(string path) =>
        new FileInfo(path).LinkTarget is null
            ? null
            : $"'{path}' is a symbolic link; restoring through it could write outside the restore folder, so it is left as it is";

    private static string? RefusalOf(string folder) =>
        LinkRefusal(folder) ?? (File.Exists(folder) ? $"'{folder}' is a file where the restore needs a folder; it is left as it is" : null);

    private static StringComparison PathComparison =>
        OperatingSystem.IsWindows() || OperatingSystem.IsMacOS() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
}
