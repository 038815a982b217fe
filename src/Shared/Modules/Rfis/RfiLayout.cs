using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Modules.Rfis;

/// <summary>Where RFIs live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/rfis/{projectGuid}/rfis.json|csv</c>), attachments once per attachment
/// (<c>$acc-backup/rfis/{projectGuid}/attachments/{attachmentId}/{fileName}</c>): an attachment's bytes never change.</summary>
public static class RfiLayout
{
    /// <summary>The folder of every attachment's bytes, of every project (prune sweeps it: kept runs' snapshots name what they need).</summary>
    public const string AttachmentsRoot = BlobNames.ReservedPrefix + "/rfis/";

    /// <summary>The folder of the RFI snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "rfis/";

    /// <summary>The JSON record of one project's RFIs in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/rfis.json";

    /// <summary>The spreadsheet of one project's RFIs in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/rfis.csv";

    /// <summary>The write-once blob of one attachment's bytes, named after its file.</summary>
    public static string Attachment(string projectId, string attachmentId, string fileName) =>
        $"{AttachmentsRoot}{Guid(projectId)}/attachments/{BlobPathBuilder.Segment(attachmentId)}/{BlobPathBuilder.Segment(fileName)}";

    // The project's GUID (no "b."), checked: it becomes a blob name segment.
    private static string Guid(string projectId) =>
        System.Guid.TryParse(RfisClient.RfisProjectId(projectId), out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
