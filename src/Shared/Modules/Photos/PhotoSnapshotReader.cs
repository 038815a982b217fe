using AccBackup.Storage;

namespace AccBackup.Modules.Photos;

/// <summary>Reads a run's Photos snapshots back: for the next run's stored bytes and sync token, for restore, for prune, for tests.</summary>
public static class PhotoSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<PhotoSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(PhotoLayout.Snapshot(runId, projectId), PhotoJsonContext.Default.PhotoSnapshot, cancellationToken);
    }

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run kept no Photos).</summary>
    public static IAsyncEnumerable<PhotoSnapshot> ReadRunAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadEachJsonAsync(PhotoLayout.SnapshotsPrefix(runId), "/photos.json", PhotoJsonContext.Default.PhotoSnapshot, cancellationToken);
    }
}
