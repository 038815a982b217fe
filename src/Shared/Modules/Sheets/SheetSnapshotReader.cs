using System.Text.Json;
using AccBackup.Storage;

namespace AccBackup.Modules.Sheets;

/// <summary>Reads a run's sheet snapshots back: for the next run's carried PDFs, for restore, for prune, for tests.</summary>
public static class SheetSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<SheetSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken) =>
        ReadBlobAsync(container, SheetLayout.Snapshot(runId, projectId), cancellationToken);

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run kept no sheets).</summary>
    public static async IAsyncEnumerable<SheetSnapshot> ReadRunAsync(
        BlobContainer container, string runId, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        await foreach (var blob in container.ListAsync(SheetLayout.SnapshotsPrefix(runId), cancellationToken).ConfigureAwait(false))
        {
            if (blob.Name.EndsWith("/sheets.json", StringComparison.Ordinal)
                && await ReadBlobAsync(container, blob.Name, cancellationToken).ConfigureAwait(false) is { } snapshot)
            {
                yield return snapshot;
            }
        }
    }

    private static async Task<SheetSnapshot?> ReadBlobAsync(BlobContainer container, string blobName, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        if (await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false) is null)
        {
            return null;
        }

        var stream = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await JsonSerializer.DeserializeAsync(stream, SheetJsonContext.Default.SheetSnapshot, cancellationToken).ConfigureAwait(false);
        }
    }
}
