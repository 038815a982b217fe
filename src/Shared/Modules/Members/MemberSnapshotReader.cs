using AccBackup.Storage;

namespace AccBackup.Modules.Members;

/// <summary>Reads a run's member snapshots back: for restore and for tests.</summary>
public static class MemberSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<MemberSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(MemberLayout.Snapshot(runId, projectId), MemberJsonContext.Default.MemberSnapshot, cancellationToken);
    }
}
