using AccBackup.Manifest.Catalog;

namespace AccBackup.Modules.Attributes;

/// <summary>Where custom attributes live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/attributes/{projectGuid}/custom-attributes.json|csv</c>). Attributes carry no bytes.</summary>
public static class AttributeLayout
{
    /// <summary>The folder of the attribute snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "attributes/";

    /// <summary>The JSON record of one project's custom attributes in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/custom-attributes.json";

    /// <summary>The spreadsheet of one project's custom attributes in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/custom-attributes.csv";

    private static string Guid(string projectId) =>
        System.Guid.TryParse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId, out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
