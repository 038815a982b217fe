using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Photos;

/// <summary>The entries that restore a run's Photos into a folder: per project <c>{project}/Photos/photos.json</c>, <c>photos.csv</c>,
/// <c>links.csv</c> and <c>files/{file name}</c>, each with the SHA-256 the export recorded (the JSON and CSVs hashed here), so the
/// writer proves every file before it appears. A photo whose bytes were not stored is left out (the snapshot says why).</summary>
public static class PhotoRestorer
{
    /// <summary>The files of every project's Photos in <paramref name="runId"/>; none when the run kept no Photos.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        var entries = new List<ManifestEntry>();
        await foreach (var snapshot in PhotoSnapshotReader.ReadRunAsync(container, runId, cancellationToken).ConfigureAwait(false))
        {
            var folder = BlobPathBuilder.Segment(snapshot.ProjectName) + "/Photos/";
            foreach (var (blobName, name) in new[]
                     {
                         (PhotoLayout.Snapshot(runId, snapshot.ProjectId), "photos.json"), (PhotoLayout.Csv(runId, snapshot.ProjectId), "photos.csv"),
                         (PhotoLayout.LinksCsv(runId, snapshot.ProjectId), "links.csv"),
                     })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }

            var stored = snapshot.Photos.Where(p => p.Stored is not null).ToList();
            var names = BlobPathBuilder.Disambiguate(stored.Select(p => (p.Id, p.FileName)));
            foreach (var photo in stored)
            {
                var bytes = photo.Stored!;
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + "files/" + names[photo.Id], bytes.BlobName, bytes.Bytes, bytes.Sha256));
            }
        }

        return entries;
    }
}
