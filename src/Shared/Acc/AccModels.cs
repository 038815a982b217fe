namespace AccBackup.Acc;

/// <summary>An ACC / BIM 360 project.</summary>
public sealed record AccProject(string Id, string Name, string? RootFolderId);

/// <summary>An entry of a folder's contents: a sub-folder or a file.</summary>
public abstract record FolderEntry(string Id, string Name, bool Hidden);

/// <summary>A folder; <see cref="LastModifiedTimeRollup"/> moves whenever anything below it changes.</summary>
public sealed record AccFolder(string Id, string Name, bool Hidden, DateTimeOffset? LastModifiedTimeRollup, long? ObjectCount)
    : FolderEntry(Id, Name, Hidden);

/// <summary>A file (an APS item) with its tip version as listed; <see cref="Tip"/> is null when APS omitted it.</summary>
public sealed record AccFile(string Id, string Name, bool Hidden, string ExtensionType, AccFileVersion? Tip)
    : FolderEntry(Id, Name, Hidden);

/// <summary>One version of a file. <see cref="Storage"/> is null for versions with no file (e.g. Plans sheets).</summary>
public sealed record AccFileVersion(
    string Id,
    int VersionNumber,
    string Name,
    long? StorageSize,
    OssObject? Storage,
    DateTimeOffset? LastModifiedTime,
    string ExtensionType);

/// <summary>Where the bytes of a version live in APS's Object Storage Service.</summary>
public sealed record OssObject(string BucketKey, string ObjectKey)
{
    private const string Prefix = "urn:adsk.objects:os.object:";

    /// <summary>Parses a storage id such as urn:adsk.objects:os.object:wip.dm.prod/abc.rvt; null when it is not one.</summary>
    public static OssObject? TryParse(string storageId)
    {
        if (!storageId.StartsWith(Prefix, StringComparison.Ordinal))
        {
            return null;
        }

        var rest = storageId[Prefix.Length..];
        var slash = rest.IndexOf('/', StringComparison.Ordinal);
        return slash <= 0 || slash == rest.Length - 1 ? null : new OssObject(rest[..slash], rest[(slash + 1)..]);
    }
}

/// <summary>A signed download URL for one object, as APS's signeds3download answered.</summary>
/// <param name="Url">The URL to GET (no Authorization header). Its query string is a secret: never log it.</param>
/// <param name="Size">Object size in bytes, when APS reported it.</param>
/// <param name="Sha1">Lower-case hex SHA-1 of the object, when APS reported it.</param>
/// <param name="ExpiresAt">When the URL stops accepting new requests (by our clock).</param>
public sealed record SignedDownload(Uri Url, long? Size, string? Sha1, DateTimeOffset ExpiresAt);
