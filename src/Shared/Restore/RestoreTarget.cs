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

    /// <summary>Throws when a folder between <paramref name="root"/> and <paramref name="directory"/> (both full paths) is a symbolic link.</summary>
    public static void EnsureNoLinks(string root, string directory)
    {
        var fullRoot = Path.TrimEndingDirectorySeparator(Path.GetFullPath(root));
        for (var current = new DirectoryInfo(directory); current is not null && current.FullName.Length > fullRoot.Length; current = current.Parent)
        {
            if (current.Exists && current.LinkTarget is not null)
            {
                throw new IOException($"'{current.FullName}' is a symbolic link; restoring through it could write outside the restore folder.");
            }
        }
    }

    private static StringComparison PathComparison =>
        OperatingSystem.IsWindows() || OperatingSystem.IsMacOS() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
}
