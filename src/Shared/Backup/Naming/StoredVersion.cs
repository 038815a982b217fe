using System.Globalization;
using AccBackup.Backup.Copying;
using AccBackup.Storage;

namespace AccBackup.Backup.Naming;

/// <summary>The metadata each stored blob carries, and how it tells whether a version is already stored.</summary>
public static class StoredVersion
{
    /// <summary>Metadata names (Blob Storage requires C# identifier rules; values are ASCII, encoded where needed).</summary>
    public static class Keys
    {
        /// <summary>ACC project id.</summary>
        public const string ProjectId = "accprojectid";

        /// <summary>APS item (lineage) id.</summary>
        public const string ItemId = "accitemid";

        /// <summary>APS version id.</summary>
        public const string VersionId = "accversionid";

        /// <summary>Version number.</summary>
        public const string VersionNumber = "accversionnumber";

        /// <summary>The size APS's listing reported (absent when it reported none).</summary>
        public const string ApiSize = "accapisize";

        /// <summary>The size signeds3download stated, when it was the size reference (the listing stated none).</summary>
        public const string SignedSize = "apssignedsize";

        /// <summary>Bytes stored.</summary>
        public const string StoredSize = "storedsize";

        /// <summary>Lower-case hex SHA-256 of the stored bytes; absent when none was computed (server-side copy).</summary>
        public const string Sha256 = "sha256";

        /// <summary>How the copy was checked (<see cref="CopyMethods"/>); absent on blobs stored before it was recorded (all streamed: SHA-256).</summary>
        public const string VerifiedBy = "verifiedby";

        /// <summary>How the bytes were moved (<see cref="CopyMethods"/>); absent on blobs stored before it was recorded.</summary>
        public const string Transfer = "transfer";

        /// <summary>ACC lastModifiedTime of the version (ISO 8601).</summary>
        public const string LastModified = "acclastmodified";

        /// <summary>ACC path, percent-encoded.</summary>
        public const string SourcePath = "sourcepath";

        /// <summary>When this copy committed (ISO 8601).</summary>
        public const string BackedUpAt = "backedupat";
    }

    /// <summary>The metadata for a copy verified by <paramref name="verification"/>; <paramref name="sha256"/> only when it was
    /// computed; <paramref name="signedSize"/> only when it was the size reference (<see cref="FileCopyResult.SignedSize"/>).</summary>
    public static Dictionary<string, string> Metadata(
        FileCopyRequest request, long storedBytes, string? sha256, DateTimeOffset now, string verification = CopyMethods.Sha256, string transfer = CopyMethods.Stream,
        long? signedSize = null)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (sha256 is null != (verification == CopyMethods.SizeOnly))
        {
            throw new ArgumentException("A SHA-256 is recorded exactly when the copy computed one (every verification but size).", nameof(sha256));
        }

        var metadata = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase)
        {
            [Keys.ProjectId] = BlobMetadata.Encode(request.ProjectId),
            [Keys.ItemId] = BlobMetadata.Encode(request.ItemId),
            [Keys.VersionId] = BlobMetadata.Encode(request.VersionId),
            [Keys.VersionNumber] = request.VersionNumber.ToString(CultureInfo.InvariantCulture),
            [Keys.StoredSize] = storedBytes.ToString(CultureInfo.InvariantCulture),
            [Keys.VerifiedBy] = verification,
            [Keys.Transfer] = transfer,
            [Keys.SourcePath] = EncodeBounded(request.SourcePath),
            [Keys.BackedUpAt] = now.ToString("o", CultureInfo.InvariantCulture),
        };
        if (sha256 is not null)
        {
            metadata[Keys.Sha256] = sha256;
        }

        if (request.ApiSize is { } apiSize)
        {
            metadata[Keys.ApiSize] = apiSize.ToString(CultureInfo.InvariantCulture);
        }

        if (signedSize is { } signed)
        {
            metadata[Keys.SignedSize] = signed.ToString(CultureInfo.InvariantCulture);
        }

        if (request.LastModifiedTime is { } modified)
        {
            metadata[Keys.LastModified] = modified.ToString("o", CultureInfo.InvariantCulture);
        }

        return metadata;
    }

    // Blob metadata is limited to 8 KiB in all: a very long, non-ASCII path is cut (the manifest keeps it whole).
    private static string EncodeBounded(string path)
    {
        const int Limit = 3000;
        var encoded = BlobMetadata.Encode(path);
        for (var keep = path.Length; encoded.Length > Limit && keep > 0; keep = keep * 3 / 4)
        {
            var end = char.IsHighSurrogate(path[keep - 1]) ? keep - 1 : keep;
            encoded = BlobMetadata.Encode(path[..end]) + "%E2%80%A6";
        }

        return encoded;
    }

    /// <summary>An <see cref="FileCopyStatus.Unchanged"/> result when <paramref name="blob"/> already holds this version intact.</summary>
    /// <remarks>Intact: its size is the one recorded, and it has the SHA-256 its verification promises (a size-only copy has none).</remarks>
    public static FileCopyResult? Matches(BlobDescription? blob, FileCopyRequest request)
    {
        if (blob is null
            || !blob.Metadata.TryGetValue(Keys.VersionId, out var version) || BlobMetadata.Decode(version) != request.VersionId
            || !blob.Metadata.TryGetValue(Keys.StoredSize, out var size) || size != blob.Length.ToString(CultureInfo.InvariantCulture))
        {
            return null;
        }

        var verification = blob.Metadata.TryGetValue(Keys.VerifiedBy, out var recorded) ? recorded : CopyMethods.Sha256;
        var sha256 = blob.Metadata.TryGetValue(Keys.Sha256, out var hash) ? hash : null;
        if (sha256 is null && verification != CopyMethods.SizeOnly)
        {
            return null;
        }

        return new FileCopyResult(request, FileCopyStatus.Unchanged, blob.Length, sha256)
        {
            Verification = verification,
            Transfer = blob.Metadata.TryGetValue(Keys.Transfer, out var transfer) ? transfer : null,
            SignedSize = blob.Metadata.TryGetValue(Keys.SignedSize, out var signed)
                && long.TryParse(signed, NumberStyles.None, CultureInfo.InvariantCulture, out var stated) ? stated : null,
        };
    }
}
