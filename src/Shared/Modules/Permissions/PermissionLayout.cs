using AccBackup.Manifest.Catalog;

namespace AccBackup.Modules.Permissions;

/// <summary>Where folder permissions live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/permissions/{projectGuid}/permissions.json|csv</c>). Permissions carry no bytes.</summary>
public static class PermissionLayout
{
    /// <summary>The folder of the permission snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "permissions/";

    /// <summary>The JSON record of one project's folder permissions in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/permissions.json";

    /// <summary>The spreadsheet of one project's folder permissions in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/permissions.csv";

    private static string Guid(string projectId) =>
        System.Guid.TryParse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId, out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
