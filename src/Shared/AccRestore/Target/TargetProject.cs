using AccBackup.Acc;

namespace AccBackup.AccRestore.Target;

/// <summary>A target project's folder tree as listed now, hidden folders and deleted files included; files found by item id.</summary>
public sealed class TargetProject
{
    private readonly Dictionary<string, (AccFile File, TargetFolderNode Folder)> items = new(StringComparer.Ordinal);

    private TargetProject(AccProject project, IReadOnlyList<TargetFolderNode> topFolders)
    {
        Project = project;
        TopFolders = topFolders;
        foreach (var folder in Walk(topFolders))
        {
            foreach (var file in folder.Files)
            {
                items[file.Id] = (file, folder);
            }
        }
    }

    /// <summary>The project.</summary>
    public AccProject Project { get; }

    /// <summary>Its top folders (Project Files, Plans, …).</summary>
    public IReadOnlyList<TargetFolderNode> TopFolders { get; }

    /// <summary>Folders listed (one contents call each).</summary>
    public int FoldersListed => Walk(TopFolders).Count();

    /// <summary>Lists the whole project, hidden entries included.</summary>
    public static async Task<TargetProject> ListAsync(ApsDataClient data, AccProject project, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(data);
        ArgumentNullException.ThrowIfNull(project);
        var tops = new List<TargetFolderNode>();
        await foreach (var top in data.ListTopFoldersAsync(project.Id, cancellationToken).ConfigureAwait(false))
        {
            tops.Add(new TargetFolderNode(top, null, [top.Name]));
        }

        var pending = new Stack<TargetFolderNode>(tops);
        while (pending.TryPop(out var folder))
        {
            await ListFolderAsync(data, project.Id, folder, cancellationToken).ConfigureAwait(false);
            foreach (var child in folder.Children)
            {
                pending.Push(child);
            }
        }

        return new TargetProject(project, tops);
    }

    /// <summary>Lists one folder's entries into <paramref name="folder"/> (replacing what it held).</summary>
    public static async Task ListFolderAsync(ApsDataClient data, string projectId, TargetFolderNode folder, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(data);
        ArgumentNullException.ThrowIfNull(folder);
        folder.Children.Clear();
        folder.Files.Clear();
        await foreach (var entry in data.ListFolderContentsAsync(projectId, folder.Folder.Id, includeHidden: true, cancellationToken).ConfigureAwait(false))
        {
            switch (entry)
            {
                case AccFolder sub:
                    folder.Children.Add(new TargetFolderNode(sub, folder, [.. folder.Segments, sub.Name]));
                    break;
                case AccFile file:
                    folder.Files.Add(file);
                    break;
            }
        }
    }

    /// <summary>The file with item id <paramref name="itemId"/> and its folder, or null.</summary>
    public (AccFile File, TargetFolderNode Folder)? FindItem(string itemId) => items.TryGetValue(itemId, out var found) ? found : null;

    /// <summary>The folder at <paramref name="segments"/> (case-insensitively; a visible one where names repeat), or null.</summary>
    public TargetFolderNode? FindFolder(IReadOnlyList<string> segments)
    {
        var folder = TopFolders.Where(t => string.Equals(t.Folder.Name, segments[0], StringComparison.OrdinalIgnoreCase)).OrderBy(t => t.Folder.Hidden).FirstOrDefault();
        for (var i = 1; folder is not null && i < segments.Count; i++)
        {
            folder = folder.Child(segments[i]);
        }

        return folder;
    }

    /// <summary>The folder with id <paramref name="folderId"/>, or null.</summary>
    public TargetFolderNode? FindFolder(string folderId) => Walk(TopFolders).FirstOrDefault(f => f.Folder.Id == folderId);

    private static IEnumerable<TargetFolderNode> Walk(IEnumerable<TargetFolderNode> folders)
    {
        foreach (var folder in folders)
        {
            yield return folder;
            foreach (var below in Walk(folder.Children))
            {
                yield return below;
            }
        }
    }
}
