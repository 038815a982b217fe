using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Storage;

/// <summary>Preconditions on a write, like the SDK's <c>BlobRequestConditions</c>; a failed one surfaces as <see cref="BlobErrorCodes.ConditionNotMet"/>.</summary>
public sealed record BlobConditions
{
    /// <summary>Write only if no blob exists yet (If-None-Match: *). An existing blob fails with ConditionNotMet or BlobAlreadyExists.</summary>
    /// <remarks>
    /// If an attempt landed but its answer was lost (timeout), the retry meets the blob it just wrote and fails the same way:
    /// compare the stored Content-MD5 before treating that as someone else's blob.
    /// </remarks>
    public static BlobConditions IfNotExists { get; } = new() { IfNoneMatch = "*" };

    /// <summary>Write only if the blob's current ETag equals this one (If-Match): replace exactly what was seen.</summary>
    public string? IfMatch { get; init; }

    /// <summary>Write only if the blob's ETag differs from this one; <c>*</c> means "only if the blob does not exist".</summary>
    public string? IfNoneMatch { get; init; }

    /// <summary>Conditions that replace the blob only while its ETag is still <paramref name="etag"/>.</summary>
    public static BlobConditions IfMatches(string etag)
    {
        ArgumentException.ThrowIfNullOrEmpty(etag);
        return new() { IfMatch = etag };
    }

    /// <summary>The SDK's form of these conditions.</summary>
    internal BlobRequestConditions ToRequestConditions() => new()
    {
        IfMatch = string.IsNullOrEmpty(IfMatch) ? null : new ETag(IfMatch),
        IfNoneMatch = string.IsNullOrEmpty(IfNoneMatch) ? null : IfNoneMatch == "*" ? ETag.All : new ETag(IfNoneMatch),
    };
}
