using AccBackup.Storage;

namespace AccBackup.Modules.Attributes;

/// <summary>Reads a run's attribute snapshots back: for the next night, restore and tests.</summary>
public static class AttributeSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<AttributeSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(AttributeLayout.Snapshot(runId, projectId), AttributeJsonContext.Default.AttributeSnapshot, cancellationToken);
    }
}
