using AccBackup.Storage;

namespace AccBackup.Modules.Rfis;

/// <summary>Reads a run's RFI snapshots back: for the next run's carried records, for restore, for prune, for tests.</summary>
public static class RfiSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<RfiSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(RfiLayout.Snapshot(runId, projectId), RfiJsonContext.Default.RfiSnapshot, cancellationToken);
    }

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run kept no RFIs).</summary>
    public static IAsyncEnumerable<RfiSnapshot> ReadRunAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadEachJsonAsync(RfiLayout.SnapshotsPrefix(runId), "/rfis.json", RfiJsonContext.Default.RfiSnapshot, cancellationToken);
    }
}
