using System.Globalization;
using AccBackup.Backup;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Restore;
using AccBackup.Storage;

namespace AccBackup.Modules.Sheets;

/// <summary>The entries that restore a run's sheets into a folder: per project <c>{project}/Sheets/sheets.json</c>, <c>sheets.csv</c>
/// and <c>pdfs/{version set} ({issuance date}).pdf</c> (<c>… part N.pdf</c> past 1000 sheets), each with the SHA-256 the export
/// recorded (the JSON and CSV hashed here), so the writer proves every file before it appears.</summary>
public static class SheetRestorer
{
    /// <summary>The files of every project's sheets in <paramref name="runId"/>; none when the run kept no sheets.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        var entries = new List<ManifestEntry>();
        await foreach (var snapshot in SheetSnapshotReader.ReadRunAsync(container, runId, cancellationToken).ConfigureAwait(false))
        {
            var folder = BlobPathBuilder.Segment(snapshot.ProjectName) + "/Sheets/";
            foreach (var (blobName, name) in new[] { (SheetLayout.Snapshot(runId, snapshot.ProjectId), "sheets.json"), (SheetLayout.Csv(runId, snapshot.ProjectId), "sheets.csv") })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }

            var stored = snapshot.VersionSets.Where(v => v.Pdfs.Count > 0).ToList();
            var names = BlobPathBuilder.Disambiguate(stored.Select(v => (v.Id,
                $"{ModuleJson.Text(v.VersionSet, "name") ?? v.Id} ({ModuleJson.Text(v.VersionSet, "issuanceDate")})")));
            foreach (var set in stored)
            {
                for (var part = 0; part < set.Pdfs.Count; part++)
                {
                    var pdf = set.Pdfs[part];
                    var suffix = set.Pdfs.Count == 1 ? "" : string.Create(CultureInfo.InvariantCulture, $" part {part + 1}");
                    entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, $"{folder}pdfs/{names[set.Id]}{suffix}.pdf", pdf.BlobName, pdf.Bytes, pdf.Sha256));
                }
            }
        }

        return entries;
    }
}
