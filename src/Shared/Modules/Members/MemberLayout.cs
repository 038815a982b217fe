using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.Modules.Members;

/// <summary>Where members live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/members/{projectGuid}/members.json|csv</c>). Members carry no bytes.</summary>
public static class MemberLayout
{
    /// <summary>The folder of the member snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "members/";

    /// <summary>The JSON record of one project's members in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/members.json";

    /// <summary>The spreadsheet of one project's members in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/members.csv";

    private static string Guid(string projectId) =>
        System.Guid.TryParse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId, out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
