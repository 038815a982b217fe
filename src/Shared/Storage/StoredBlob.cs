namespace AccBackup.Storage;

/// <summary>A blob as the service describes it: name, size, version tag, time, hash and metadata.</summary>
/// <param name="Name">The blob name, unencoded.</param>
/// <param name="Length">Size in bytes.</param>
/// <param name="ETag">The version tag in its quoted HTTP form, usable in <see cref="BlobConditions.IfMatch"/>.</param>
/// <param name="LastModified">When the blob was last written.</param>
/// <param name="ContentMd5">The stored Content-MD5, if the blob has one (Put Blob always sets it; a block commit only when given).</param>
/// <param name="ContentType">The stored MIME type.</param>
/// <param name="Metadata">The blob's metadata, keys compared ignoring case; values as stored (see <see cref="BlobMetadata.Decode"/>).</param>
public sealed record StoredBlob(
    string Name,
    long Length,
    string ETag,
    DateTimeOffset LastModified,
    byte[]? ContentMd5,
    string? ContentType,
    IReadOnlyDictionary<string, string> Metadata);
