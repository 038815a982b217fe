using AccBackup.Storage;

namespace AccBackup.Modules.Sheets;

/// <summary>Reads a run's sheet snapshots back: for the next run's carried PDFs, for restore, for prune, for tests.</summary>
public static class SheetSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<SheetSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(SheetLayout.Snapshot(runId, projectId), SheetJsonContext.Default.SheetSnapshot, cancellationToken);
    }

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run kept no sheets).</summary>
    public static IAsyncEnumerable<SheetSnapshot> ReadRunAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadEachJsonAsync(SheetLayout.SnapshotsPrefix(runId), "/sheets.json", SheetJsonContext.Default.SheetSnapshot, cancellationToken);
    }
}
