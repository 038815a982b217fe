using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Issues.Snapshots;

/// <summary>Where issues live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/issues/{projectGuid}/issues.json|csv</c>), attachments once per attachment
/// (<c>$acc-backup/issues/{projectGuid}/attachments/{attachmentId}/{fileName}</c>): an attachment's bytes never change.</summary>
public static class IssueLayout
{
    /// <summary>The folder of one project's issue snapshot of one run.</summary>
    public static string SnapshotFolder(string runId, string projectId) =>
        SnapshotsPrefix(runId) + Guid(projectId) + "/";

    /// <summary>The JSON record of one project's issues in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotFolder(runId, projectId) + "issues.json";

    /// <summary>The spreadsheet of one project's issues in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotFolder(runId, projectId) + "issues.csv";

    /// <summary>The folder of every attachment's bytes, of every project (prune sweeps it: a run's snapshots say which it needs).</summary>
    public const string AttachmentsRoot = BlobNames.ReservedPrefix + "/issues/";

    /// <summary>The folder of the issue snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "issues/";

    /// <summary>The write-once blob of one attachment's bytes, named after its file.</summary>
    public static string Attachment(string projectId, string attachmentId, string fileName) =>
        $"{AttachmentsRoot}{Guid(projectId)}/attachments/{BlobPathBuilder.Segment(attachmentId)}/{BlobPathBuilder.Segment(fileName)}";

    // The Issues API's project id (no "b."), checked: it becomes a blob name segment.
    private static string Guid(string projectId) =>
        System.Guid.TryParse(IssuesClient.IssuesProjectId(projectId), out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
