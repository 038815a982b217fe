using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Attributes;

/// <summary>The entries that restore a run's custom attributes into a folder: per project <c>{project}/Attributes/custom-attributes.json</c>
/// and <c>custom-attributes.csv</c>, each hashed here so the writer proves it before it appears.</summary>
public static class AttributeRestorer
{
    /// <summary>The files of every project's custom attributes in <paramref name="runId"/>; none when the run kept none.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        var entries = new List<ManifestEntry>();
        await foreach (var blob in container.ListAsync(AttributeLayout.SnapshotsPrefix(runId), cancellationToken).ConfigureAwait(false))
        {
            if (!blob.Name.EndsWith("/custom-attributes.json", StringComparison.Ordinal))
            {
                continue;
            }

            var projectId = blob.Name[AttributeLayout.SnapshotsPrefix(runId).Length..^"/custom-attributes.json".Length];
            var snapshot = await AttributeSnapshotReader.ReadAsync(container, runId, projectId, cancellationToken).ConfigureAwait(false);
            var folder = BlobPathBuilder.Segment(snapshot!.ProjectName) + "/Attributes/";
            foreach (var (blobName, name) in new[] { (AttributeLayout.Snapshot(runId, projectId), "custom-attributes.json"), (AttributeLayout.Csv(runId, projectId), "custom-attributes.csv") })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }
        }

        return entries;
    }
}
