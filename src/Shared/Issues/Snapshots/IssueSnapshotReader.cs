using AccBackup.Storage;

namespace AccBackup.Issues.Snapshots;

/// <summary>Reads a run's issue snapshot back: for the next run's incremental read, for restore, for tests.</summary>
public static class IssueSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<IssueSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken) =>
        ReadAsync(container, IssueLayout.Snapshot(runId, projectId), cancellationToken);

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run exported no issues).</summary>
    public static IAsyncEnumerable<IssueSnapshot> ReadRunAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadEachJsonAsync(IssueLayout.SnapshotsPrefix(runId), "/issues.json", IssueJsonContext.Default.IssueSnapshot, cancellationToken);
    }

    internal static Task<IssueSnapshot?> ReadAsync(BlobContainer container, string blobName, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(blobName, IssueJsonContext.Default.IssueSnapshot, cancellationToken);
    }
}
