using AccBackup.Backup;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Modules.Members;

/// <summary>The entries that restore a run's members into a folder: per project <c>{project}/Members/members.json</c> and
/// <c>members.csv</c>, each hashed here so the writer proves it before it appears.</summary>
public static class MemberRestorer
{
    /// <summary>The files of every project's members in <paramref name="runId"/>; none when the run kept no members.</summary>
    public static async Task<IReadOnlyList<ManifestEntry>> EntriesAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        var entries = new List<ManifestEntry>();
        await foreach (var blob in container.ListAsync(MemberLayout.SnapshotsPrefix(runId), cancellationToken).ConfigureAwait(false))
        {
            if (!blob.Name.EndsWith("/members.json", StringComparison.Ordinal))
            {
                continue;
            }

            var projectId = blob.Name[MemberLayout.SnapshotsPrefix(runId).Length..^"/members.json".Length];
            var snapshot = await MemberSnapshotReader.ReadAsync(container, runId, projectId, cancellationToken).ConfigureAwait(false);
            var folder = BlobPathBuilder.Segment(snapshot!.ProjectName) + "/Members/";
            foreach (var (blobName, name) in new[] { (MemberLayout.Snapshot(runId, projectId), "members.json"), (MemberLayout.Csv(runId, projectId), "members.csv") })
            {
                var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
                entries.Add(ModuleBlobs.Entry(snapshot.ProjectId, snapshot.ProjectName, folder + name, blobName, content.Length, content.Sha256));
            }
        }

        return entries;
    }
}
