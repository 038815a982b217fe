using AccBackup.Backup;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Modules.Sheets;

/// <summary>Where sheets live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/sheets/{projectGuid}/sheets.json|csv</c>), each version set's PDF once per fingerprint
/// (<c>$acc-backup/sheets/{projectGuid}/version-sets/{versionSetId}/{fingerprint}.pdf</c>): a PDF that shows the same never
/// changes, so every night that finds it unchanged references the same blob.</summary>
public static class SheetLayout
{
    /// <summary>The folder of every version set's PDFs, of every project (what prune sweeps: kept runs' snapshots name what they need).</summary>
    public const string PdfsRoot = BlobNames.ReservedPrefix + "/sheets/";

    /// <summary>The folder of the sheet snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "sheets/";

    /// <summary>The JSON record of one project's sheets in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/sheets.json";

    /// <summary>The spreadsheet of one project's sheets in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/sheets.csv";

    /// <summary>The write-once blob of one part of a version set's PDF.</summary>
    public static string Pdf(string projectId, string versionSetId, string fingerprint, int part) =>
        $"{PdfsRoot}{Guid(projectId)}/version-sets/{BlobPathBuilder.Segment(versionSetId)}/{fingerprint}{(part == 0 ? "" : "-" + (part + 1).ToString(System.Globalization.CultureInfo.InvariantCulture))}.pdf";

    // The project's GUID (no "b."), checked: it becomes a blob name segment.
    private static string Guid(string projectId) =>
        System.Guid.TryParse(SheetsClient.SheetsProjectId(projectId), out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
