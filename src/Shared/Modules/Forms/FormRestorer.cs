using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Forms;

/// <summary>The entries that restore a run's forms into a folder: per project <c>{project}/Forms/forms.json</c>, <c>forms.csv</c>,
/// <c>pdfs/{form number}/{file name}</c> and each PDF template's blank PDF as <c>templates/{template id}/{name}.pdf</c>, each with
/// the SHA-256 the export recorded (the JSON and CSV hashed here), so the writer proves every file before it appears. A PDF that
/// was not stored is left out (the snapshot says why).</summary>
public static class FormRestorer
{
    /// <summary>The files of every project's forms in <paramref name="runId"/>; none when the run kept no forms.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        var entries = new List<ManifestEntry>();
        await foreach (var snapshot in FormSnapshotReader.ReadRunAsync(container, runId, cancellationToken).ConfigureAwait(false))
        {
            var folder = BlobPathBuilder.Segment(snapshot.ProjectName) + "/Forms/";
            foreach (var (blobName, name) in new[] { (FormLayout.Snapshot(runId, snapshot.ProjectId), "forms.json"), (FormLayout.Csv(runId, snapshot.ProjectId), "forms.csv") })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }

            foreach (var record in snapshot.Forms.Where(f => f.Pdf is not null))
            {
                var pdf = record.Pdf!;
                var name = ModuleJson.Text(record.Form, "pdfFile", "fileName") ?? record.Id + ".pdf";
                var place = $"{folder}pdfs/{BlobPathBuilder.Segment(ModuleJson.Text(record.Form, "formNum") ?? record.Id)}/{BlobPathBuilder.Segment(name)}";
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, place, pdf.BlobName, pdf.Bytes, pdf.Sha256));
            }

            foreach (var template in snapshot.Templates.Where(t => t.Pdf is not null && t.Id is not null))
            {
                var pdf = template.Pdf!;
                var name = (ModuleJson.Text(template.Template, "name") ?? template.Id) + ".pdf";
                var place = $"{folder}templates/{BlobPathBuilder.Segment(template.Id!)}/{BlobPathBuilder.Segment(name)}";
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, place, pdf.BlobName, pdf.Bytes, pdf.Sha256));
            }
        }

        return entries;
    }
}
