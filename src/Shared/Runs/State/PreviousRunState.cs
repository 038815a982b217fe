using AccBackup.Backup.Listing;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.Runs.State;

/// <summary>What an earlier run saw and stored: its folder tree with rollup times, its inventory and its manifest.</summary>
public sealed class PreviousRunState
{
    private readonly Dictionary<string, FolderRef> folders;
    private readonly ILookup<string, FolderRef> children;
    private readonly ILookup<string, InventoryRecord> recordsByFolder;
    private readonly Dictionary<string, ManifestEntry> entriesByItem;
    private readonly Lazy<StoredBlobs> stored;

    /// <summary>Indexes a run's records.</summary>
    public PreviousRunState(RunManifest manifest, IEnumerable<FolderRef> folders, IEnumerable<InventoryRecord> records)
    {
        Manifest = manifest;
        this.folders = folders.GroupBy(f => f.Id, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        children = this.folders.Values.Where(f => f.ParentId is not null).ToLookup(f => f.ParentId!, StringComparer.Ordinal);
        // Earlier versions are not files of the folder: a carried folder brings its files' tips, as a listing would.
        recordsByFolder = records.Where(r => r.FolderId is not null && !r.EarlierVersion).ToLookup(r => r.FolderId!, StringComparer.Ordinal);
        entriesByItem = manifest.Files
            .Where(e => e.Status is not (ManifestStatus.Deleted or ManifestStatus.Moved) && !e.EarlierVersion)
            .GroupBy(e => e.ItemId, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);

        // Indexed only when a listing asks (the fan-in's manifest-only state never does); thread-safe, as listings run in parallel.
        stored = new Lazy<StoredBlobs>(() => StoredBlobs.Of(manifest));
        HasTree = this.folders.Count > 0 || recordsByFolder.Count > 0;
    }

    /// <summary>Whether the folder tree and inventory were loaded (an incremental listing needs them), not only the manifest.</summary>
    public bool HasTree { get; }

    /// <summary>The earlier run's manifest.</summary>
    public RunManifest Manifest { get; }

    /// <summary>The earlier run's id.</summary>
    public string RunId => Manifest.Summary.RunId;

    /// <summary>True when the folder was seen with exactly this rollup time: nothing below it changed since.</summary>
    public bool IsUnchanged(FolderRef folder) =>
        folder.Rollup is { } rollup && folders.TryGetValue(folder.Id, out var seen) && seen.Rollup == rollup;

    /// <summary>Whether the earlier run could not list the project whole: its recorded tree has holes, so none of it is
    /// trusted to skip a folder (the project is listed in full again).</summary>
    public bool IsIncomplete(string projectId) => Manifest.Summary.FailedProjects.Any(p => p.ProjectId == projectId);

    /// <summary>The folder and every folder below it, as the earlier run saw them.</summary>
    public IEnumerable<FolderRef> Subtree(string folderId)
    {
        var pending = new Stack<string>([folderId]);
        while (pending.TryPop(out var id))
        {
            if (folders.TryGetValue(id, out var folder))
            {
                yield return folder;
            }

            foreach (var child in children[id])
            {
                pending.Push(child.Id);
            }
        }
    }

    /// <summary>The files the earlier run listed directly in a folder.</summary>
    public IEnumerable<InventoryRecord> FilesIn(string folderId) => recordsByFolder[folderId];

    /// <summary>The earlier run's manifest entry for an item (current files only), if any.</summary>
    public ManifestEntry? EntryFor(string itemId) => entriesByItem.GetValueOrDefault(itemId);

    /// <summary>The version number of an item the earlier run holds, so every later one is new since: the version its entry
    /// describes (stored, or without content), the one before when that run failed to store it, 0 for an item it did not know.</summary>
    public int StoredVersionOf(string itemId) => EntryFor(itemId) switch
    {
        { Status: ManifestStatus.Failed or ManifestStatus.Planned, VersionNumber: { } failed } => failed - 1,
        { VersionNumber: { } stored } => stored,
        _ => 0,
    };

    /// <summary>The entry whose blob already holds <paramref name="record"/>'s bytes: the same version (a <c>carried</c>
    /// entry describes the version its blob holds), or the same APS storage object (a rename: a new version over the same
    /// bytes); null when none, or when the record has no bytes.</summary>
    public ManifestEntry? StoredBytesOf(InventoryRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        if (record.Storage is not { } storage || record.VersionId is null)
        {
            return null;
        }

        var blobs = stored.Value;
        if (blobs.ByVersion.TryGetValue(record.VersionId, out var same) && (same.Storage is null || same.Storage == storage))
        {
            return same;
        }

        return blobs.ByObject.GetValueOrDefault(storage);
    }

    /// <summary>Every blob a run's manifest proves (deleted and moved files' too: their blobs are kept, written once), by
    /// version id and by APS storage object.</summary>
    private sealed record StoredBlobs(Dictionary<string, ManifestEntry> ByVersion, Dictionary<string, ManifestEntry> ByObject)
    {
        public static StoredBlobs Of(RunManifest manifest)
        {
            var blobs = new StoredBlobs(new(StringComparer.Ordinal), new(StringComparer.Ordinal));
            foreach (var entry in manifest.Files)
            {
                if (entry.Status is ManifestStatus.Copied or ManifestStatus.Unchanged or ManifestStatus.Carried or ManifestStatus.NotListed
                        or ManifestStatus.Deleted or ManifestStatus.Moved
                    && entry.IsCheckable)
                {
                    if (entry.VersionId is { } version)
                    {
                        blobs.ByVersion.TryAdd(version, entry);
                    }

                    if (entry.Storage is { } storage)
                    {
                        blobs.ByObject.TryAdd(storage, entry);
                    }
                }
            }

            return blobs;
        }
    }

    /// <summary>Every inventory record that names its folder (for tests).</summary>
    internal IEnumerable<InventoryRecord> Records => recordsByFolder.SelectMany(g => g);
}
