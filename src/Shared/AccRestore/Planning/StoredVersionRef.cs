namespace AccBackup.AccRestore.Planning;

/// <summary>One stored version of a file in the backup: where its bytes are and what proves them.</summary>
/// <param name="VersionNumber">The version's number in ACC when it was backed up.</param>
/// <param name="VersionId">The version's id in ACC (what copyFrom names), when the manifest recorded it.</param>
/// <param name="BlobName">The blob holding the bytes.</param>
/// <param name="Size">Bytes stored.</param>
/// <param name="Sha256">Lower-case hex SHA-256 of the bytes (empty for a copy only checked by size).</param>
/// <param name="Storage">The APS storage object (<c>bucket/key</c>) the version had, when recorded.</param>
public sealed record StoredVersionRef(int? VersionNumber, string? VersionId, string BlobName, long Size, string Sha256, string? Storage);
