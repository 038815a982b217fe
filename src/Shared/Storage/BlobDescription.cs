using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Storage;

/// <summary>A blob as the service describes it: name, size, version tag, time, hash and metadata.</summary>
/// <param name="Name">The blob name, unencoded.</param>
/// <param name="Length">Size in bytes.</param>
/// <param name="ETag">The version tag in its quoted HTTP form, usable as <c>new BlobRequestConditions { IfMatch = new ETag(etag) }</c>.</param>
/// <param name="LastModified">When the blob was last written.</param>
/// <param name="ContentMd5">The stored Content-MD5, if the blob has one (Put Blob always sets it; a block commit only when given).</param>
/// <param name="ContentType">The stored MIME type.</param>
/// <param name="Metadata">The blob's metadata, keys compared ignoring case; values as stored (see <see cref="BlobMetadata.Decode"/>).</param>
public sealed record BlobDescription(
    string Name,
    long Length,
    string ETag,
    DateTimeOffset LastModified,
    byte[]? ContentMd5,
    string? ContentType,
    IReadOnlyDictionary<string, string> Metadata)
{
    /// <summary>When the blob was created; null when the service did not say. In the write-once backup container it is also
    /// when its bytes were written.</summary>
    public DateTimeOffset? CreatedOn { get; init; }

    /// <summary>Whether the blob is in the Archive tier (offline until rehydrated); known from Get Blob Properties.</summary>
    public bool Archived { get; init; }

    /// <summary>Whether a legal hold forbids deleting the blob (listed only by <see cref="BlobContainer.ListWithHoldsAsync"/>).</summary>
    public bool HasLegalHold { get; init; }

    /// <summary>Until when a blob-level immutability policy forbids deleting the blob; null when it has none (listed only by
    /// <see cref="BlobContainer.ListWithHoldsAsync"/>). A container-level policy is not shown here: the service refuses the delete.</summary>
    public DateTimeOffset? ImmutableUntil { get; init; }

    /// <summary>The blob <paramref name="name"/> as Get Blob Properties described it.</summary>
    internal static BlobDescription From(string name, BlobProperties properties) => new(
        name,
        properties.ContentLength,
        Quoted(properties.ETag),
        properties.LastModified,
        Md5(properties.ContentHash),
        properties.ContentType,
        CaseInsensitive(properties.Metadata))
    {
        CreatedOn = properties.CreatedOn == default ? null : properties.CreatedOn,
        HasLegalHold = properties.HasLegalHold,
        ImmutableUntil = properties.ImmutabilityPolicy?.ExpiresOn,
        Archived = string.Equals(properties.AccessTier, "Archive", StringComparison.OrdinalIgnoreCase),
    };

    /// <summary>A blob as List Blobs described it.</summary>
    internal static BlobDescription From(BlobItem item) => new(
        item.Name,
        item.Properties.ContentLength ?? 0,
        item.Properties.ETag is { } etag ? Quoted(etag) : string.Empty,
        item.Properties.LastModified ?? DateTimeOffset.MinValue,
        Md5(item.Properties.ContentHash),
        item.Properties.ContentType,
        CaseInsensitive(item.Metadata))
    {
        CreatedOn = item.Properties.CreatedOn,
        HasLegalHold = item.Properties.HasLegalHold,
        ImmutableUntil = item.Properties.ImmutabilityPolicy?.ExpiresOn,
    };

    /// <summary>The quoted HTTP form of <paramref name="etag"/>, whether the service sent it quoted (headers) or not (listings).</summary>
    internal static string Quoted(ETag etag) => etag.ToString("H");

    private static byte[]? Md5(byte[]? hash) => hash is { Length: > 0 } ? hash : null;

    private static Dictionary<string, string> CaseInsensitive(IDictionary<string, string>? metadata) =>
        metadata is null
            ? new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase)
            : new Dictionary<string, string>(metadata, StringComparer.OrdinalIgnoreCase);
}

/// <summary>What forbids deletes in a whole container, as its properties say (blob-level holds are on <see cref="BlobDescription"/>).</summary>
/// <param name="ImmutabilityPolicy">A time-based retention policy: a blob younger than its period cannot be deleted.</param>
/// <param name="LegalHold">A legal hold: no blob can be deleted until it is cleared.</param>
public sealed record ContainerHolds(bool ImmutabilityPolicy, bool LegalHold);
