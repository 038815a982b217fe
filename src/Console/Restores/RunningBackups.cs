using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.BackupConsole.Restores;

/// <summary>Finds a backup run going on against this storage, seen from outside it (the local console runs no backups): a run
/// whose working state was written in the last <see cref="Quiet"/> and that has no manifest yet. A run killed mid-way looks
/// the same for that long, then stops counting.</summary>
internal sealed class RunningBackups(BlobContainer backup, [FromKeyedServices(BlobContainer.StateKey)] BlobContainer state, TimeProvider time)
{
    /// <summary>How long after its last write a run without a manifest still counts as running: longer than any pause between
    /// a running backup's state writes (a folder listing, a chunk of copies).</summary>
    public static readonly TimeSpan Quiet = TimeSpan.FromMinutes(15);

    /// <summary>The id of a backup run going on now, or null.</summary>
    public async Task<string?> FindAsync(CancellationToken cancellationToken)
    {
        var since = time.GetUtcNow() - Quiet;
        var recent = new SortedSet<string>(StringComparer.Ordinal);
        try
        {
            await foreach (var blob in state.ListAsync(RunLayout.RunsPrefix, cancellationToken).ConfigureAwait(false))
            {
                if (blob.LastModified >= since && blob.Name[RunLayout.RunsPrefix.Length..].Split('/', 2) is [var runId, _])
                {
                    recent.Add(runId);
                }
            }
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ContainerNotFound)
        {
            // No state container: no backup has ever run against this storage.
            return null;
        }

        foreach (var runId in recent)
        {
            if (await backup.GetPropertiesAsync(RunLayout.Json(runId), cancellationToken).ConfigureAwait(false) is null)
            {
                return runId;
            }
        }

        return null;
    }
}
