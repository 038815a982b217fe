using AccBackup.Acc;
using AccBackup.Backup.Naming;

namespace AccBackup.Backup.Listing;

/// <summary>Lists one folder and names what is in it: unique blob-name segments, deleted items left out.</summary>
public sealed class FolderListing(ApsDataClient aps)
{
    /// <summary>The project's top folders as folders to list.</summary>
    public async Task<IReadOnlyList<FolderRef>> TopFoldersAsync(string projectId, CancellationToken cancellationToken)
    {
        var top = new List<AccFolder>();
        await foreach (var folder in aps.ListTopFoldersAsync(projectId, cancellationToken).ConfigureAwait(false))
        {
            top.Add(folder);
        }

        var names = BlobPathBuilder.Disambiguate(top.Select(f => (f.Id, f.Name)));
        return top.Select(f => new FolderRef(f.Id, [names[f.Id]], [f.Name], null, f.LastModifiedTimeRollup)).ToList();
    }

    /// <summary>The folder's sub-folders and files; each file with its version's blob name and ACC path.</summary>
    /// <param name="storedVersionOf">With Backup:Versions = All: for a file, the version number stored already (0: none), whose
    /// later versions older than the tip are listed too (<see cref="InventoryRecord.EarlierVersion"/>), each under its own
    /// versioned name; null lists tips only.</param>
    public async Task<(IReadOnlyList<FolderRef> SubFolders, IReadOnlyList<InventoryRecord> Files)> ListAsync(
        AccProject project, string projectSegment, FolderRef folder, bool includeHidden, CancellationToken cancellationToken, Func<AccFile, int?>? storedVersionOf = null)
    {
        var entries = new List<FolderEntry>();
        await foreach (var entry in aps.ListFolderContentsAsync(project.Id, folder.Id, includeHidden, cancellationToken).ConfigureAwait(false))
        {
            if (entry is not AccFile file || !IsDeleted(file))
            {
                entries.Add(entry);
            }
        }

        var names = BlobPathBuilder.Disambiguate(entries.Select(e => (e.Id, e.Name)));
        var subFolders = new List<FolderRef>();
        var files = new List<InventoryRecord>();
        foreach (var entry in entries)
        {
            if (entry is AccFolder sub)
            {
                subFolders.Add(new FolderRef(sub.Id, [.. folder.Segments, names[sub.Id]], [.. folder.Names, sub.Name], folder.Id, sub.LastModifiedTimeRollup));
            }
            else if (entry is AccFile file)
            {
                var place = BlobPathBuilder.Fit(string.Join('/', [projectSegment, .. folder.Segments, names[file.Id]]));
                var source = string.Join('/', [project.Name, .. folder.Names, file.Name]);
                InventoryRecord Record(AccFileVersion? version) => InventoryRecord.Of(project, file, version,
                    BlobPathBuilder.Fit(string.Join('/', [projectSegment, .. folder.Segments, BlobPathBuilder.Versioned(names[file.Id], version?.VersionNumber)])),
                    source, folder.Id) with { Place = place };

                files.Add(Record(file.Tip));
                if (file.Tip is { } tip && storedVersionOf?.Invoke(file) is { } stored && tip.VersionNumber - stored > 1)
                {
                    await foreach (var version in aps.ListVersionsAsync(project.Id, file.Id, cancellationToken).ConfigureAwait(false))
                    {
                        // Only versions with bytes: a version without (a Plans sheet's, a deletion) has nothing to store.
                        if (version.VersionNumber > stored && version.VersionNumber < tip.VersionNumber && version.Storage is not null)
                        {
                            files.Add(Record(version));
                        }
                    }
                }
            }
        }

        return (subFolders, files);
    }

    // With includeHidden, APS also lists deleted items, whose tip is a storage-less "…:Deleted" version.
    private static bool IsDeleted(AccFile file) =>
        file.Tip?.ExtensionType.EndsWith(":Deleted", StringComparison.Ordinal) == true;
}
