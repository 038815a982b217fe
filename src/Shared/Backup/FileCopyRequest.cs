using AccBackup.Acc;

namespace AccBackup.Backup;

/// <summary>One ACC file version to store under <see cref="BlobName"/>: the copier's input.</summary>
/// <remarks>Unlike an <see cref="InventoryRecord"/> it always has bytes to copy (<see cref="Storage"/>). A version already
/// stored intact is never copied again: blobs of the backup container are written once.</remarks>
/// <param name="ApiSize">The size APS's listing reported (storageSize); compared with the bytes stored.</param>
/// <param name="SourcePath">The ACC path, for people: project/folder/…/file.</param>
public sealed record FileCopyRequest(
    string ProjectId,
    string ItemId,
    string VersionId,
    int VersionNumber,
    long? ApiSize,
    OssObject Storage,
    string BlobName,
    string SourcePath,
    DateTimeOffset? LastModifiedTime);

/// <summary>What happened to one file.</summary>
public enum FileCopyStatus
{
    /// <summary>The bytes were transferred, verified and committed by this call.</summary>
    Copied,

    /// <summary>This version was already stored (found by its metadata); nothing was transferred.</summary>
    Unchanged,

    /// <summary>Not stored; <see cref="FileCopyResult.Error"/> says why. Nothing half-written was committed.</summary>
    Failed,
}

/// <summary>How one <see cref="FileCopyRequest"/> ended: its version stored and verified (copied now, or found already
/// stored), or failed with the reason. The copy engine's answer, before a run turns it into a manifest entry.</summary>
/// <param name="StoredBytes">Bytes stored (0 when failed).</param>
/// <param name="Sha256">Lower-case hex SHA-256 of the stored bytes; null when failed, or when no byte passed through the
/// worker (<see cref="CopyMethods.SizeOnly"/>): it is never claimed unless computed.</param>
/// <param name="Error">Why the file is not stored; null unless failed.</param>
public sealed record FileCopyResult(FileCopyRequest Request, FileCopyStatus Status, long StoredBytes, string? Sha256, string? Error = null)
{
    /// <summary>How the stored bytes were checked (one of <see cref="CopyMethods"/>' verification words): by this copy, or
    /// for <see cref="FileCopyStatus.Unchanged"/> by the copy that stored them; null when failed.</summary>
    public string? Verification { get; init; }

    /// <summary>How the bytes were moved (<see cref="CopyMethods.Stream"/>, <see cref="CopyMethods.Server"/> or
    /// <see cref="CopyMethods.StreamFallback"/>): by this copy, or for <see cref="FileCopyStatus.Unchanged"/> by the copy
    /// that stored them (null if it predates the record); null when failed.</summary>
    public string? Transfer { get; init; }

    /// <summary>True when the bytes stored differ in count from what APS's listing reported: a finding about the source.</summary>
    public bool SizeMismatch => Status != FileCopyStatus.Failed && Request.ApiSize is { } api && api != StoredBytes;

    /// <summary>The result of a request that could not be stored.</summary>
    public static FileCopyResult Failed(FileCopyRequest request, string reason) => new(request, FileCopyStatus.Failed, 0, null, reason);
}

/// <summary>A file could not be stored; nothing was committed for it.</summary>
public sealed class FileCopyException(string blobName, string reason, Exception? inner = null)
    : Exception($"Copy of '{blobName}' failed: {reason}", inner)
{
    /// <summary>Why, in words for the manifest.</summary>
    public string Reason { get; } = reason;
}
