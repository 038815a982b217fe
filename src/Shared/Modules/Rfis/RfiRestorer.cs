using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Rfis;

/// <summary>The entries that restore a run's RFIs into a folder: per project <c>{project}/RFIs/rfis.json</c>, <c>rfis.csv</c> and
/// <c>attachments/{number}/{file name}</c>, each with the SHA-256 the export recorded (the JSON and CSV hashed here), so the
/// writer proves every file before it appears. An attachment that was not stored is left out (the snapshot says why).</summary>
public static class RfiRestorer
{
    /// <summary>The files of every project's RFIs in <paramref name="runId"/>; none when the run kept no RFIs.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        var entries = new List<ManifestEntry>();
        await foreach (var snapshot in RfiSnapshotReader.ReadRunAsync(container, runId, cancellationToken).ConfigureAwait(false))
        {
            var folder = BlobPathBuilder.Segment(snapshot.ProjectName) + "/RFIs/";
            foreach (var (blobName, name) in new[] { (RfiLayout.Snapshot(runId, snapshot.ProjectId), "rfis.json"), (RfiLayout.Csv(runId, snapshot.ProjectId), "rfis.csv") })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }

            foreach (var record in snapshot.Rfis)
            {
                var stored = record.Attachments.Where(a => a.Stored is not null).ToList();
                var names = BlobPathBuilder.Disambiguate(stored.Select(a => (a.Id!, ModuleJson.Text(a.Attachment, "displayName") ?? a.Id!)));
                var rfiFolder = $"{folder}attachments/{BlobPathBuilder.Segment(ModuleJson.Text(record.Rfi, "customIdentifier") ?? record.Id)}/";
                foreach (var attachment in stored)
                {
                    var bytes = attachment.Stored!;
                    entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, rfiFolder + names[attachment.Id!], bytes.BlobName, bytes.Bytes, bytes.Sha256));
                }
            }
        }

        return entries;
    }
}
