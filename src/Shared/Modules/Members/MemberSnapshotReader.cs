using System.Text.Json;
using AccBackup.Storage;

namespace AccBackup.Modules.Members;

/// <summary>Reads a run's member snapshots back: for restore and for tests.</summary>
public static class MemberSnapshotReader
{
    /// <summary>The snapshot of <paramref name="projectId"/> in <paramref name="runId"/>, or null when that run wrote none.</summary>
    public static async Task<MemberSnapshot?> ReadAsync(BlobContainer container, string runId, string projectId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(container);
        var blobName = MemberLayout.Snapshot(runId, projectId);
        if (await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false) is null)
        {
            return null;
        }

        var stream = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await JsonSerializer.DeserializeAsync(stream, MemberJsonContext.Default.MemberSnapshot, cancellationToken).ConfigureAwait(false);
        }
    }
}
