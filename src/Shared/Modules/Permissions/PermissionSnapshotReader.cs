using AccBackup.Storage;

namespace AccBackup.Modules.Permissions;

/// <summary>Reads a run's permission snapshots back: for the next night, restore and tests.</summary>
public static class PermissionSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<PermissionSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(PermissionLayout.Snapshot(runId, projectId), PermissionJsonContext.Default.PermissionSnapshot, cancellationToken);
    }
}
