using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Permissions;

/// <summary>The entries that restore a run's folder permissions into a folder: per project <c>{project}/Permissions/permissions.json</c>
/// and <c>permissions.csv</c>, each hashed here so the writer proves it before it appears.</summary>
public static class PermissionRestorer
{
    /// <summary>The files of every project's folder permissions in <paramref name="runId"/>; none when the run kept none.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        var entries = new List<ManifestEntry>();
        await foreach (var blob in container.ListAsync(PermissionLayout.SnapshotsPrefix(runId), cancellationToken).ConfigureAwait(false))
        {
            if (!blob.Name.EndsWith("/permissions.json", StringComparison.Ordinal))
            {
                continue;
            }

            var projectId = blob.Name[PermissionLayout.SnapshotsPrefix(runId).Length..^"/permissions.json".Length];
            var snapshot = await PermissionSnapshotReader.ReadAsync(container, runId, projectId, cancellationToken).ConfigureAwait(false);
            var folder = BlobPathBuilder.Segment(snapshot!.ProjectName) + "/Permissions/";
            foreach (var (blobName, name) in new[] { (PermissionLayout.Snapshot(runId, projectId), "permissions.json"), (PermissionLayout.Csv(runId, projectId), "permissions.csv") })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }
        }

        return entries;
    }
}
