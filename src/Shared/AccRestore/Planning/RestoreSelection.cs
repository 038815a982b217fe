using AccBackup.AccRestore;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;

namespace AccBackup.AccRestore.Planning;

/// <summary>The stored files a restore into ACC selects, by the folder restore's rules, and with --all-versions every stored
/// version of each of them from the kept runs up to the selected one.</summary>
public sealed class RestoreSelection(ManifestReader reader, RunHistory runs)
{
    /// <summary>The run restored and its selected entries.</summary>
    public async Task<(string RunId, IReadOnlyList<ManifestEntry> Entries)> ReadAsync(AccRestoreRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var selection = request.Selection;
        var runId = request.RunId;
        if (request.Version is { } version)
        {
            var path = request.PathPrefix ?? throw new ArgumentException("Restoring one version needs the file's path.", nameof(request));
            runId = await new FileHistory(runs, reader).NewestRunHoldingAsync(path, version, cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"No kept run holds version {version} of '{path}' ('acc-backup history' lists the versions kept).");
        }
        else if (request.AsOf is { } at)
        {
            runId = (await runs.AsOfAsync(at, cancellationToken).ConfigureAwait(false))?.RunId
                ?? throw new InvalidOperationException($"No backup run had finished by {at:O}: there is nothing to restore as of then.");
        }

        var stored = request.Version is null
            ? await StoredFiles.ReadAsync(reader, runId, selection.Selects, cancellationToken).ConfigureAwait(false)
            : await StoredFiles.ReadCopiesAsync(reader, runId, selection.Selects, cancellationToken).ConfigureAwait(false);
        return (stored.Manifest.Summary.RunId, stored.Selected);
    }

    /// <summary>Every stored version (by number) of each item in <paramref name="items"/>, from the kept runs finished no later than
    /// <paramref name="runId"/>, oldest first.</summary>
    public async Task<IReadOnlyDictionary<string, IReadOnlyList<StoredVersionRef>>> VersionsAsync(
        string runId, IReadOnlySet<string> items, CancellationToken cancellationToken)
    {
        var found = new Dictionary<string, SortedDictionary<int, StoredVersionRef>>(StringComparer.Ordinal);
        var kept = (await runs.ListAsync(int.MaxValue, cancellationToken).ConfigureAwait(false)).Where(r => r.Summary is not null).ToList();
        var until = kept.FirstOrDefault(r => r.RunId == runId)?.Summary!.FinishedAt ?? DateTimeOffset.MaxValue;
        foreach (var run in kept.Where(r => r.Summary!.FinishedAt <= until))
        {
            var manifest = await reader.ReadAsync(run.RunId, cancellationToken).ConfigureAwait(false);
            foreach (var entry in manifest.Files.Where(e => e.HoldsCopy && e.VersionNumber is not null && items.Contains(e.ItemId)))
            {
                if (Ref(entry) is { } version)
                {
                    var versions = found.TryGetValue(entry.ItemId, out var list) ? list : found[entry.ItemId] = [];
                    versions.TryAdd(entry.VersionNumber!.Value, version);
                }
            }
        }

        return found.ToDictionary(p => p.Key, p => (IReadOnlyList<StoredVersionRef>)[.. p.Value.Values], StringComparer.Ordinal);
    }

    /// <summary>What restore needs of <paramref name="entry"/>'s stored version, or null when the manifest cannot prove it.</summary>
    public static StoredVersionRef? Ref(ManifestEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        return entry.IsCheckable
            ? new StoredVersionRef(entry.VersionNumber, entry.VersionId, entry.BlobName!, entry.StoredSize!.Value, entry.Sha256 ?? string.Empty, entry.Storage)
            : null;
    }
}
