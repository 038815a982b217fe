using AccBackup.Backup;
using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>What an earlier run saw and stored: its folder tree with rollup times, its inventory and its manifest.</summary>
public sealed class PreviousRunState
{
    private readonly Dictionary<string, FolderRef> folders;
    private readonly ILookup<string, FolderRef> children;
    private readonly ILookup<string, InventoryRecord> recordsByFolder;
    private readonly Dictionary<string, ManifestEntry> entriesByItem;

    /// <summary>Indexes a run's records.</summary>
    public PreviousRunState(RunManifest manifest, IEnumerable<FolderRef> folders, IEnumerable<InventoryRecord> records)
    {
        Manifest = manifest;
        this.folders = folders.GroupBy(f => f.Id, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        children = this.folders.Values.Where(f => f.ParentId is not null).ToLookup(f => f.ParentId!, StringComparer.Ordinal);
        recordsByFolder = records.Where(r => r.FolderId is not null).ToLookup(r => r.FolderId!, StringComparer.Ordinal);
        entriesByItem = manifest.Files
            .Where(e => e.Status is not (ManifestStatus.Deleted or ManifestStatus.Moved))
            .GroupBy(e => e.ItemId, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
    }

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

    /// <summary>Every inventory record that names its folder (for tests).</summary>
    internal IEnumerable<InventoryRecord> Records => recordsByFolder.SelectMany(g => g);
}
