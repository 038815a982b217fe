using AccBackup.Storage;

namespace AccBackup.Modules.Forms;

/// <summary>Reads a run's form snapshots back: for the next run's carried records, for restore, for prune, for tests.</summary>
public static class FormSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<FormSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadJsonAsync(FormLayout.Snapshot(runId, projectId), FormJsonContext.Default.FormSnapshot, cancellationToken);
    }

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run kept no forms).</summary>
    public static IAsyncEnumerable<FormSnapshot> ReadRunAsync(BlobContainer container, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        return container.ReadEachJsonAsync(FormLayout.SnapshotsPrefix(runId), "/forms.json", FormJsonContext.Default.FormSnapshot, cancellationToken);
    }
}
