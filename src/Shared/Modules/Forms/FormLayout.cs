using System.Globalization;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Modules.Forms;

/// <summary>Where forms live in the backup container: each run's snapshot under its run folder
/// (<c>$acc-backup/runs/{runId}/forms/{projectGuid}/forms.json|csv</c>), each PDF form's PDF once per state of the form
/// (<c>$acc-backup/forms/{projectGuid}/pdfs/{formId}/{updatedAt}/{fileName}</c>): a form not updated keeps its PDF, so every
/// night that finds it unchanged references the same blob; each PDF template's blank PDF likewise once per state of the template.</summary>
public static class FormLayout
{
    /// <summary>The folder of every form's PDFs, of every project (prune sweeps it: kept runs' snapshots name what they need).</summary>
    public const string PdfsRoot = BlobNames.ReservedPrefix + "/forms/";

    /// <summary>The folder of the form snapshots of one run.</summary>
    public static string SnapshotsPrefix(string runId) => RunLayout.RunFolder(runId) + "forms/";

    /// <summary>The JSON record of one project's forms in one run.</summary>
    public static string Snapshot(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/forms.json";

    /// <summary>The spreadsheet of one project's forms in one run.</summary>
    public static string Csv(string runId, string projectId) => SnapshotsPrefix(runId) + Guid(projectId) + "/forms.csv";

    /// <summary>The write-once blob of a form's PDF as of the form's <paramref name="updatedAt"/>.</summary>
    public static string Pdf(string projectId, string formId, DateTimeOffset updatedAt, string fileName) =>
        $"{PdfsRoot}{Guid(projectId)}/pdfs/{BlobPathBuilder.Segment(formId)}/"
        + $"{updatedAt.UtcDateTime.ToString("yyyyMMdd'T'HHmmssfffffff'Z'", CultureInfo.InvariantCulture)}/{BlobPathBuilder.Segment(fileName)}";

    /// <summary>The write-once blob of a PDF template's blank PDF as of the template's <paramref name="updatedAt"/>
    /// (<c>$acc-backup/forms/{projectGuid}/templates/{templateId}/{updatedAt}/{name}.pdf</c>).</summary>
    public static string TemplatePdf(string projectId, string templateId, DateTimeOffset updatedAt, string templateName) =>
        $"{PdfsRoot}{Guid(projectId)}/templates/{BlobPathBuilder.Segment(templateId)}/"
        + $"{updatedAt.UtcDateTime.ToString("yyyyMMdd'T'HHmmssfffffff'Z'", CultureInfo.InvariantCulture)}/{BlobPathBuilder.Segment(templateName + ".pdf")}";

    // The project's GUID (no "b."), checked: it becomes a blob name segment.
    private static string Guid(string projectId) =>
        System.Guid.TryParse(FormsClient.FormsProjectId(projectId), out var guid)
            ? guid.ToString("D")
            : throw new ArgumentException($"Project id '{projectId}' is not b.{{GUID}} or a GUID.", nameof(projectId));
}
