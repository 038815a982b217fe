using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>Where the copy engine meets the manifest: how a run's inventory records and copy outcomes become manifest entries.</summary>
public static class ManifestEntries
{
    /// <summary>The entry for a copy result of a file of <paramref name="projectName"/>.</summary>
    public static ManifestEntry ToEntry(this FileCopyResult result, string projectName)
    {
        ArgumentNullException.ThrowIfNull(result);
        var r = result.Request;
        var status = result.Status switch
        {
            FileCopyStatus.Copied => ManifestStatus.Copied,
            FileCopyStatus.Unchanged => ManifestStatus.Unchanged,
            _ => ManifestStatus.Failed,
        };
        return new(r.ProjectId, projectName, r.SourcePath, r.ItemId, r.VersionId, r.VersionNumber, result.ReferenceSize,
            status == ManifestStatus.Failed ? null : result.StoredBytes, result.Sha256, r.BlobName, status, result.Error)
        {
            SizeReference = result.SizeReference,
            Verification = result.Verification,
            Transfer = result.Transfer,
            Storage = r.Storage.BucketKey + "/" + r.Storage.ObjectKey,
        };
    }

    /// <summary>The entry of a file with nothing to copy.</summary>
    public static ManifestEntry WithoutContent(this InventoryRecord record) => record.VersionId is null
        ? Entry(record, ManifestStatus.Failed, "APS listed the item without its tip version")
        : Entry(record, ManifestStatus.NoContent, $"version has no stored file ({record.ExtensionType})");

    /// <summary>The entry of a file whose copy never reported back.</summary>
    public static ManifestEntry NotCopied(this InventoryRecord record, string why) => Entry(record, ManifestStatus.Failed, why);

    /// <summary>The entry of a file a dry run would copy.</summary>
    public static ManifestEntry Planned(this InventoryRecord record) => Entry(record, ManifestStatus.Planned, null);

    /// <summary>The entry of a file whose bytes <paramref name="previous"/> (an earlier run's entry) already stores, at the
    /// record's place and version: the same version, or a rename (a new version over the same storage object). No byte is copied.</summary>
    /// <remarks>The size reference is the listing's when it states one; else the signed download's the earlier run recorded.</remarks>
    public static ManifestEntry Reused(this InventoryRecord record, ManifestEntry previous) => previous with
    {
        ProjectId = record.ProjectId,
        ProjectName = record.ProjectName,
        Path = record.SourcePath,
        ItemId = record.ItemId,
        VersionId = record.VersionId,
        VersionNumber = record.VersionNumber,
        ApiSize = record.ApiSize ?? SignedReference(previous),
        SizeReference = record.ApiSize is not null ? SizeReferences.Aps : SignedReference(previous) is not null ? SizeReferences.SignedDownload : null,
        FolderId = record.FolderId,
        Storage = record.Storage ?? previous.Storage,
        Place = record.Place,
        EarlierVersion = record.EarlierVersion,
        Status = previous.Status == ManifestStatus.NoContent ? ManifestStatus.NoContent : ManifestStatus.Unchanged,
        Error = previous.Status == ManifestStatus.NoContent ? previous.Error : null,
        SinceRun = null,
    };

    private static ManifestEntry Entry(InventoryRecord r, ManifestStatus status, string? error) =>
        new(r.ProjectId, r.ProjectName, r.SourcePath, r.ItemId, r.VersionId, r.VersionNumber, r.ApiSize, null, null,
            status == ManifestStatus.NoContent ? null : r.BlobName, status, error)
        {
            SizeReference = r.ApiSize is null ? null : SizeReferences.Aps,
            FolderId = r.FolderId,
            Storage = r.Storage,
            Place = r.Place,
            EarlierVersion = r.EarlierVersion,
        };

    private static long? SignedReference(ManifestEntry previous) => previous.SizeReference == SizeReferences.SignedDownload ? previous.ApiSize : null;
}
