using AccBackup.Acc;

namespace AccBackup.Backup.Copying;

/// <summary>One ACC file version to store under <see cref="BlobName"/>: the copier's input.</summary>
/// <remarks>Unlike an <see cref="InventoryRecord"/> it always has bytes to copy (<see cref="Storage"/>). A version already
/// stored intact is never copied again: blobs of the backup container are written once.</remarks>
/// <param name="ApiSize">The size APS's listing reported (storageSize); compared with the bytes stored. When it is null the
/// size signeds3download states is compared instead (<see cref="FileCopyResult.SizeReference"/>).</param>
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

    /// <summary>The size signeds3download stated for the object: by this copy's answer, or for <see cref="FileCopyStatus.Unchanged"/>
    /// as the copy that stored the bytes recorded it; recorded only when APS's listing stated no size. Null otherwise.</summary>
    public long? SignedSize { get; init; }

    /// <summary>The size the stored bytes are compared with: APS's listing's, or else the signed download's; null when APS stated neither.</summary>
    public long? ReferenceSize => Request.ApiSize ?? SignedSize;

    /// <summary>Which APS statement <see cref="ReferenceSize"/> is (<see cref="SizeReferences"/>); null when there is none.</summary>
    public string? SizeReference => Request.ApiSize is not null ? SizeReferences.Aps : SignedSize is not null ? SizeReferences.SignedDownload : null;

    /// <summary>True when the bytes stored differ in count from the size APS stated (<see cref="ReferenceSize"/>): a finding about the source.</summary>
    public bool SizeMismatch => Status != FileCopyStatus.Failed && ReferenceSize is { } stated && stated != StoredBytes;

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
