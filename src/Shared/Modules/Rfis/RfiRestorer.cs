using AccBackup.Backup.Naming;
using AccBackup.Issues;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Rfis;

/// <summary>The entries that restore a run's RFIs into a folder: per project <c>{project}/RFIs/rfis.json</c>, <c>rfis.csv</c> and
/// <c>attachments/{number}/{file name}</c>, each with the SHA-256 the export recorded (the JSON and CSV hashed here), so the
/// writer proves every file before it appears. An attachment that was not stored is left out (the snapshot says why).</summary>
/// <remarks>A referenced Docs file version (<see cref="RfiAttachmentRecord.ReferencedVersion"/>) is the file backup's blob of that
/// version: the one the snapshot names, or else the run's own manifest entry of that version id; when the manifest holds no such
/// stored entry, the attachment is returned among <see cref="RfiRestoreEntries.Unresolved"/>, with why.</remarks>
public static class RfiRestorer
{
    /// <summary>The files of every project's RFIs in <paramref name="runId"/>; none when the run kept no RFIs.
    /// <paramref name="runFiles"/> reads the file versions the run stored, by version id (read only if a reference asks).</summary>
    public static async Task<RfiRestoreEntries> EntriesAsync(BlobContainer container, string runId, StoredVersionsReader runFiles, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(runFiles);
        var entries = new List<ManifestEntry>();
        var unresolved = new List<(string Place, string Reason)>();
        IReadOnlyDictionary<string, ManifestEntry>? files = null;
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
                var kept = record.Attachments.Where(a => a.Stored is not null || a.IsUnresolvedReference).ToList();
                var names = BlobPathBuilder.Disambiguate(kept.Select(a => (a.Id!, ModuleJson.Text(a.Attachment, "displayName") ?? a.Id!)));
                var rfiFolder = $"{folder}attachments/{BlobPathBuilder.Segment(ModuleJson.Text(record.Rfi, "customIdentifier") ?? record.Id)}/";
                foreach (var attachment in kept)
                {
                    var place = rfiFolder + names[attachment.Id!];
                    if (attachment.Stored is { } bytes)
                    {
                        entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, place, bytes.BlobName, bytes.Bytes, bytes.Sha256));
                        continue;
                    }

                    files ??= await runFiles(cancellationToken).ConfigureAwait(false);
                    if (files.TryGetValue(attachment.ReferencedVersion!, out var file))
                    {
                        entries.Add(file with { ProjectId = snapshot.ProjectId, ProjectName = snapshot.ProjectName, Path = place, Place = place });
                    }
                    else
                    {
                        unresolved.Add((place, $"Docs file version {attachment.ReferencedVersion} is not among the files run {runId} stored (the file changed or was not backed up); its attachment is not restored"));
                    }
                }
            }
        }

        return new RfiRestoreEntries(entries, unresolved);
    }
}
