using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Retention;

/// <summary>Removing one run's folders.</summary>
public sealed partial class RunPruner
{
    /// <summary>Removes <paramref name="run"/>'s records (state container), then its CSV, then its manifest: while the manifest
    /// exists the run is listed, so a prune that stopped part-way sees it again and finishes it. A run whose blobs a retention
    /// policy or legal hold keeps stays whole, and what its manifest references joins <paramref name="referenced"/> (null for a
    /// run that never wrote one: nothing restores it).</summary>
    private async Task<PrunedRun> RemoveRunAsync(PrunedRun run, bool dryRun, Deleter deleter, HashSet<string>? referenced, CancellationToken cancellationToken)
    {
        var folder = RunLayout.RunFolder(run.RunId);
        var manifest = RunLayout.Json(run.RunId);
        var records = await ToListAsync(state.ListAsync(folder, cancellationToken)).ConfigureAwait(false);
        var stored = await ToListAsync(backup.ListWithHoldsAsync(folder, cancellationToken)).ConfigureAwait(false);
        var counted = run with { Blobs = records.Count + stored.Count, Bytes = records.Sum(b => b.Length) + stored.Sum(b => b.Length) };
        if (dryRun)
        {
            return counted;
        }

        string? held = stored.Select(Hold).FirstOrDefault(h => h is not null);
        if (held is null && await deleter.DeleteAllAsync(state, records, cancellationToken).ConfigureAwait(false) is { Refused: false })
        {
            var beforeManifest = await deleter.DeleteAllAsync(backup, stored.Where(b => b.Name != manifest).ToList(), cancellationToken).ConfigureAwait(false);
            held = beforeManifest.Held;
            if (held is null && !beforeManifest.Refused)
            {
                var last = await deleter.DeleteAllAsync(backup, stored.Where(b => b.Name == manifest).ToList(), cancellationToken).ConfigureAwait(false);
                held = last.Held;
            }
        }

        if (held is not null)
        {
            PruneLog.RunRetained(logger, run.RunId, held);
            if (referenced is not null)
            {
                await AddReferencesAsync(referenced, run.RunId, cancellationToken).ConfigureAwait(false);
            }

            return counted with { KeptFor = [RetentionReason.Retained], Removed = false, Note = held };
        }

        if (deleter.Refusal is not null)
        {
            return counted with { KeptFor = [], Removed = false, Note = "not removed: " + deleter.Refusal };
        }

        PruneLog.RunRemoved(logger, run.RunId, counted.Blobs, counted.Bytes);
        return counted;
    }

    private static async Task<List<BlobDescription>> ToListAsync(IAsyncEnumerable<BlobDescription> blobs)
    {
        var list = new List<BlobDescription>();
        await foreach (var blob in blobs.ConfigureAwait(false))
        {
            list.Add(blob);
        }

        return list;
    }
}
