namespace AccBackup.Storage;

/// <summary>What a write stores besides the bytes, and when it may happen; like the SDK's <c>BlobUploadOptions</c>.</summary>
public sealed class BlobWriteOptions
{
    /// <summary>No content type, no metadata, no conditions.</summary>
    public static BlobWriteOptions Default { get; } = new();

    /// <summary>The blob's MIME type; the service defaults to application/octet-stream.</summary>
    public string? ContentType { get; init; }

    /// <summary>The blob's metadata; values must already be ASCII-safe (see <see cref="BlobMetadata.Encode"/>).</summary>
    public IReadOnlyDictionary<string, string>? Metadata { get; init; }

    /// <summary>Preconditions: create-only or replace-this-ETag.</summary>
    public BlobConditions? Conditions { get; init; }

    /// <summary>MD5 of the whole blob, stored as its Content-MD5 property on a block commit (the service does not check it there).</summary>
    /// <remarks>Put Blob stores the MD5 it verified itself, so this matters for <see cref="BlobContainer.CommitBlockListAsync"/>.</remarks>
    public byte[]? ContentMd5 { get; init; }

    /// <summary>Throws an <see cref="ArgumentException"/> for metadata or an MD5 the service would refuse.</summary>
    internal void Validate(string paramName)
    {
        if (Metadata is { } metadata)
        {
            BlobMetadata.Validate(metadata, paramName);
        }

        if (ContentMd5 is { Length: not 16 })
        {
            throw new ArgumentException("ContentMd5 must be the 16-byte MD5 of the whole blob.", paramName);
        }
    }
}
