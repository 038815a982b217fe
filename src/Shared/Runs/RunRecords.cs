using AccBackup.Acc;
using AccBackup.Backup;
using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>A project selected for a run, with its blob-name segment.</summary>
public sealed record ProjectRef(string Id, string Name, string Segment)
{
    /// <summary>The project as the APS client knows it.</summary>
    public AccProject ToProject() => new(Id, Name, null);
}

/// <summary>One file of an inventory chunk: everything needed to copy it later, and nothing more.</summary>
public sealed record InventoryRecord(
    string ProjectId,
    string ProjectName,
    string ItemId,
    string? VersionId,
    int? VersionNumber,
    long? ApiSize,
    string? BucketKey,
    string? ObjectKey,
    string BlobName,
    string SourcePath,
    DateTimeOffset? LastModifiedTime,
    string ExtensionType,
    string? FolderId = null)
{
    /// <summary>The record of a listed file.</summary>
    public static InventoryRecord From(InventoryFile file)
    {
        var tip = file.File.Tip;
        return new(file.Project.Id, file.Project.Name, file.File.Id, tip?.Id, tip?.VersionNumber, tip?.StorageSize,
            tip?.Storage?.BucketKey, tip?.Storage?.ObjectKey, file.BlobName, file.SourcePath, tip?.LastModifiedTime,
            tip?.ExtensionType ?? file.File.ExtensionType, file.FolderId);
    }

    /// <summary>The copy request, or null when the version has no bytes (or APS listed no tip).</summary>
    public FileCopyRequest? ToCopyRequest(bool force) => VersionId is not null && BucketKey is not null && ObjectKey is not null
        ? new FileCopyRequest(ProjectId, ItemId, VersionId, VersionNumber ?? 0, ApiSize, new OssObject(BucketKey, ObjectKey), BlobName, SourcePath, LastModifiedTime, force)
        : null;

    /// <summary>The manifest entry of a file with nothing to copy.</summary>
    public ManifestEntry WithoutContent() => VersionId is null
        ? Entry(ManifestStatus.Failed, "APS listed the item without its tip version")
        : Entry(ManifestStatus.NoContent, $"version has no stored file ({ExtensionType})");

    /// <summary>The manifest entry of a file whose copy never reported back.</summary>
    public ManifestEntry NotCopied(string why) => Entry(ManifestStatus.Failed, why);

    /// <summary>The manifest entry of a file a dry run would copy.</summary>
    public ManifestEntry Planned() => Entry(ManifestStatus.Planned, null);

    /// <summary>The manifest entry of a file carried over unchanged from <paramref name="previous"/>.</summary>
    public ManifestEntry Carried(ManifestEntry previous) => previous with
    {
        ProjectName = ProjectName,
        Path = SourcePath,
        FolderId = FolderId,
        Status = previous.Status == ManifestStatus.NoContent ? ManifestStatus.NoContent : ManifestStatus.Unchanged,
        Error = previous.Status == ManifestStatus.NoContent ? previous.Error : null,
        SinceRun = null,
    };

    private ManifestEntry Entry(ManifestStatus status, string? error) =>
        new(ProjectId, ProjectName, SourcePath, ItemId, VersionId, VersionNumber, ApiSize, null, null, status == ManifestStatus.NoContent ? null : BlobName, status, error) { FolderId = FolderId };
}

/// <summary>Input of a listing activity: list these folders of a project (or its top folders when <see cref="FoldersBlob"/> is null).</summary>
/// <param name="FoldersBlob">NDJSON blob of <see cref="FolderRef"/> written by the previous wave.</param>
/// <param name="OutputKey">Unique, deterministic name for what this activity writes (a retry overwrites the same blobs).</param>
/// <param name="PreviousRunId">The run whose state lets unchanged folders be skipped; null lists every folder.</param>
public sealed record FolderWaveInput(string RunId, ProjectRef Project, string? FoldersBlob, int Skip, int Take, string OutputKey, bool IncludeHidden, string? PreviousRunId = null);

/// <summary>Output of a listing activity: references and counts only, never file lists.</summary>
/// <param name="InventoryChunks">How many chunks to copy it wrote: <see cref="RunLayout.InventoryChunk"/> of its output key, 0 to this count.</param>
public sealed record FolderWaveResult(
    int InventoryChunks,
    string? SubFoldersBlob,
    int SubFolders,
    int FoldersListed,
    int Files,
    long Bytes,
    IReadOnlyList<string> Errors,
    int CarriedFolders = 0,
    int CarriedFiles = 0);

/// <summary>Input of a copy activity.</summary>
public sealed record ChunkCopyInput(string RunId, string InventoryChunk, bool DryRun, bool ForceCopy);

/// <summary>Output of a copy activity: the results blob and counts.</summary>
public sealed record ChunkCopyResult(string ResultsBlob, int Files, int Copied, int Unchanged, int NoContent, int Planned, int Failed, long BytesCopied, int SizeMismatches);
