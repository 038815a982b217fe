using AccBackup.Acc;

namespace AccBackup.Backup;

/// <summary>One ACC file version to store under <see cref="BlobName"/>.</summary>
/// <param name="ApiSize">The size APS's listing reported (storageSize); compared with the bytes stored.</param>
/// <param name="SourcePath">The ACC path, for people: project/folder/…/file.</param>
/// <param name="Force">Copy even when this version is already stored.</param>
public sealed record FileCopyRequest(
    string ProjectId,
    string ItemId,
    string VersionId,
    int VersionNumber,
    long? ApiSize,
    OssObject Storage,
    string BlobName,
    string SourcePath,
    DateTimeOffset? LastModifiedTime,
    bool Force = false);

/// <summary>What happened to one file.</summary>
public enum FileCopyStatus
{
    /// <summary>The bytes were transferred, verified and committed by this call.</summary>
    Copied,

    /// <summary>This version was already stored (found by its metadata); nothing was transferred.</summary>
    Unchanged,
}

/// <summary>The verified result of storing one file version.</summary>
/// <param name="Sha256">Lower-case hex SHA-256 of the stored bytes.</param>
public sealed record FileCopyResult(FileCopyStatus Status, long StoredBytes, string Sha256, long? ApiSize, string ETag)
{
    /// <summary>True when the bytes stored differ in count from what APS's listing reported: a finding about the source.</summary>
    public bool SizeMismatch => ApiSize is { } api && api != StoredBytes;
}

/// <summary>A file could not be stored; nothing was committed for it.</summary>
public sealed class FileCopyException(string blobName, string reason, Exception? inner = null)
    : Exception($"Copy of '{blobName}' failed: {reason}", inner)
{
    /// <summary>Why, in words for the manifest.</summary>
    public string Reason { get; } = reason;
}
