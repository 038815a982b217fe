using System.Text.Json;
using AccBackup.Storage;

namespace AccBackup.Issues;

/// <summary>Reads a run's issue snapshot back: for the next run's incremental read, for restore, for tests.</summary>
public static class IssueSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static Task<IssueSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken) =>
        ReadAsync(container, IssueLayout.Snapshot(runId, projectId), cancellationToken);

    /// <summary>Every project's snapshot in <paramref name="runId"/>, in blob-name order (none when the run exported no issues).</summary>
    public static async IAsyncEnumerable<IssueSnapshot> ReadRunAsync(
        BlobContainer container, string runId, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        await foreach (var blob in container.ListAsync(IssueLayout.SnapshotsPrefix(runId), cancellationToken).ConfigureAwait(false))
        {
            if (blob.Name.EndsWith("/issues.json", StringComparison.Ordinal)
                && await ReadAsync(container, blob.Name, cancellationToken).ConfigureAwait(false) is { } snapshot)
            {
                yield return snapshot;
            }
        }
    }

    internal static async Task<IssueSnapshot?> ReadAsync(BlobContainer container, string blobName, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        if (await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false) is null)
        {
            return null;
        }

        var stream = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await JsonSerializer.DeserializeAsync(stream, IssueJsonContext.Default.IssueSnapshot, cancellationToken).ConfigureAwait(false);
        }
    }
}
