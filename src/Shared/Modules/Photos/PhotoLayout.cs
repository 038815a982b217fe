using AccBackup.Backup.Naming;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Modules.Photos;

/// <summary>Where Photos live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/photos/{projectGuid}/photos.json|csv</c>, <c>links.csv</c>), each photo's bytes once
/// (<c>$acc-backup/photos/{projectGuid}/{photoId}.{ext}</c>): a photo's file never changes; its title may, so the blob is named by id.</summary>
public static class PhotoLayout
{
    /// <summary>The folder of every photo's bytes, of every project (prune sweeps it: kept runs' snapshots name what they need).</summary>
    public const string FilesRoot = BlobNames.ReservedPrefix + "/photos/";

    /// <summary>The folder of the Photos snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "photos/";

    /// <summary>The JSON record of one project's Photos in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/photos.json";

    /// <summary>The spreadsheet of one project's photos in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/photos.csv";

    /// <summary>The spreadsheet of the links of one project's photos in one run.</summary>
    public static string LinksCsv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/links.csv";

    /// <summary>The write-once blob of one photo's bytes, named by its id and its file's extension (<c>.jpg</c>).</summary>
    public static string File(string projectId, string photoId, string extension) =>
        $"{FilesRoot}{Guid(projectId)}/{BlobPathBuilder.Segment(photoId + extension)}";

    // The project's GUID (no "b."), checked: it becomes a blob name segment.
    private static string Guid(string projectId) =>
        System.Guid.TryParse(PhotosClient.PhotosProjectId(projectId), out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
