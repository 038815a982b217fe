using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;

namespace AccBackup.BackupConsole;

/// <summary>The manifests the console read last, by run id: a run's manifest is written once and never changes, so a page
/// that opens folder after folder of one night reads it from storage once.</summary>
/// <remarks>Bounded to <see cref="Capacity"/> manifests (a large account's manifest holds tens of thousands of entries); the one
/// read longest ago goes first. Safe to share.</remarks>
public sealed class ManifestCache(ManifestReader reader)
{
    /// <summary>Manifests kept in memory at once.</summary>
    public const int Capacity = 4;

    private readonly Lock gate = new();
    private readonly LinkedList<(string RunId, Task<RunManifest> Manifest)> kept = new();

    /// <summary>The manifest of <paramref name="runId"/> (a run id, never "latest", which moves).</summary>
    public async Task<RunManifest> GetAsync(string runId, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(runId);
        Task<RunManifest> manifest;
        lock (gate)
        {
            var node = kept.First;
            while (node is not null && !string.Equals(node.Value.RunId, runId, StringComparison.Ordinal))
            {
                node = node.Next;
            }

            if (node is not null && !node.Value.Manifest.IsFaulted && !node.Value.Manifest.IsCanceled)
            {
                kept.Remove(node);
                kept.AddFirst(node);
                manifest = node.Value.Manifest;
            }
            else
            {
                if (node is not null)
                {
                    kept.Remove(node);
                }

                // Not the caller's token: a read shared by several requests must not stop because the first one left.
                manifest = reader.ReadAsync(runId, CancellationToken.None);
                kept.AddFirst((runId, manifest));
                if (kept.Count > Capacity)
                {
                    kept.RemoveLast();
                }
            }
        }

        return await manifest.WaitAsync(cancellationToken).ConfigureAwait(false);
    }
}
