using AccBackup.Acc;
using AccBackup.Backup.Copying;

namespace AccBackup.Backup.Listing;

/// <summary>One listed file version, placed in the backup: its blob name, ACC path and folder, flattened from the
/// <see cref="AccFile"/> APS listed. What a listing writes to an inventory chunk (NDJSON) and a copy reads back.</summary>
/// <remarks>Unlike <see cref="FileCopyRequest"/> it may have no version or no bytes (a Plans sheet, an item listed without
/// its tip): the listing records every file; only those with bytes become copy requests.</remarks>
public sealed record InventoryRecord(
    [property: System.Text.Json.Serialization.JsonConverter(typeof(Manifest.Serialization.InternedStringConverter))] string ProjectId,
    [property: System.Text.Json.Serialization.JsonConverter(typeof(Manifest.Serialization.InternedStringConverter))] string ProjectName,
    string ItemId,
    string? VersionId,
    int? VersionNumber,
    long? ApiSize,
    [property: System.Text.Json.Serialization.JsonConverter(typeof(Manifest.Serialization.InternedStringConverter))] string? BucketKey,
    string? ObjectKey,
    string BlobName,
    string SourcePath,
    DateTimeOffset? LastModifiedTime,
    [property: System.Text.Json.Serialization.JsonConverter(typeof(Manifest.Serialization.InternedStringConverter))] string ExtensionType,
    string? FolderId = null)
{
    /// <summary>Where the file goes on restore: its ACC path made safe for blob and file names (disambiguated, without version);
    /// the blob (<see cref="BlobName"/>) adds the version, or is an earlier run's blob that holds the same bytes.</summary>
    public string? Place { get; init; }

    /// <summary>Whether this is a version older than the file's tip (listed with Backup:Versions = All): stored in its own
    /// blob like the tip, but not part of the account as a run sees it (a plain restore of the run leaves it out).</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingDefault)]
    public bool EarlierVersion { get; init; }

    /// <summary>The record of <paramref name="version"/> (the tip, or an earlier version) of <paramref name="file"/>, listed in
    /// folder <paramref name="folderId"/> of <paramref name="project"/>.</summary>
    public static InventoryRecord Of(AccProject project, AccFile file, AccFileVersion? version, string blobName, string sourcePath, string folderId)
    {
        ArgumentNullException.ThrowIfNull(project);
        ArgumentNullException.ThrowIfNull(file);
        return new(project.Id, project.Name, file.Id, version?.Id, version?.VersionNumber, version?.StorageSize,
            version?.Storage?.BucketKey, version?.Storage?.ObjectKey, blobName, sourcePath, version?.LastModifiedTime,
            version?.ExtensionType ?? file.ExtensionType, folderId) { EarlierVersion = version is not null && version != file.Tip };
    }

    /// <summary>The APS storage object (<c>bucketKey/objectKey</c>), or null when the version has no bytes.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public string? Storage => BucketKey is null || ObjectKey is null ? null : BucketKey + "/" + ObjectKey;

    /// <summary>The copy request, or null when the version has no bytes (or APS listed no tip).</summary>
    public FileCopyRequest? ToCopyRequest() => VersionId is not null && BucketKey is not null && ObjectKey is not null
        ? new FileCopyRequest(ProjectId, ItemId, VersionId, VersionNumber ?? 0, ApiSize, new OssObject(BucketKey, ObjectKey), BlobName, SourcePath, LastModifiedTime)
        : null;
}
