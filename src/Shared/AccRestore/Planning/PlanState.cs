using AccBackup.Acc;
using AccBackup.AccRestore.Target;

namespace AccBackup.AccRestore.Planning;

/// <summary>What a plan has learnt so far: each target project's tree (listed once) and the folders it needs, parents first.</summary>
internal sealed class PlanState(ApsDataClient data)
{
    private readonly Dictionary<string, TargetProject> trees = new(StringComparer.Ordinal);
    private readonly Dictionary<string, PlannedFolder> byPath = new(StringComparer.OrdinalIgnoreCase);
    private readonly List<PlannedFolder> folders = [];

    /// <summary>The folders the plan needs, parents first.</summary>
    public IReadOnlyList<PlannedFolder> Folders => folders;

    public async Task<TargetProject> TreeAsync(AccProject project, CancellationToken cancellationToken)
    {
        if (!trees.TryGetValue(project.Id, out var tree))
        {
            trees[project.Id] = tree = await TargetProject.ListAsync(data, project, cancellationToken).ConfigureAwait(false);
        }

        return tree;
    }

    /// <summary>Plans the folders down to <paramref name="segments"/> (the top folder exists): each visible one as it is, a hidden
    /// one un-hidden in its own project (elsewhere a deleted folder's name does not block a new one), a missing one created;
    /// returns the listed folder at the end, or null when it is yet to be created.</summary>
    public TargetFolderNode? Ensure(TargetProject tree, IReadOnlyList<string> segments, bool sameProject)
    {
        TargetFolderNode? node = null;
        var creating = false;
        for (var i = 0; i < segments.Count; i++)
        {
            if (!creating)
            {
                var found = i == 0 ? tree.FindFolder([segments[0]]) : node!.Child(segments[i]);
                if (found is null || (found.Folder.Hidden && !sameProject))
                {
                    creating = true;
                    node = null;
                }
                else
                {
                    node = found;
                    Add(tree.Project.Id, found.Segments, found.Folder.Hidden ? FolderAction.Unhide : FolderAction.Exists, found.Folder.Id);
                }
            }

            if (creating)
            {
                Add(tree.Project.Id, [.. segments.Take(i + 1)], FolderAction.Create, null);
            }
        }

        return node;
    }

    /// <summary>Plans un-hiding every deleted folder from the top down to <paramref name="folder"/>; returns the topmost one's path, or null when none is.</summary>
    public string? UnhideChain(string projectId, TargetFolderNode folder)
    {
        var chain = new List<TargetFolderNode>();
        for (var node = folder; node is not null; node = node.Parent)
        {
            chain.Insert(0, node);
        }

        string? topmost = null;
        foreach (var node in chain)
        {
            Add(projectId, node.Segments, node.Folder.Hidden ? FolderAction.Unhide : FolderAction.Exists, node.Folder.Id);
            if (node.Folder.Hidden)
            {
                topmost ??= node.Path;
            }
        }

        return topmost;
    }

    /// <summary>Adds the folder once.</summary>
    private void Add(string projectId, IReadOnlyList<string> segments, FolderAction action, string? folderId)
    {
        var path = string.Join('/', segments);
        var key = projectId + "|" + path;
        if (byPath.ContainsKey(key))
        {
            return;
        }

        var folder = new PlannedFolder(projectId, path, [.. segments], action, folderId);
        byPath[key] = folder;
        folders.Add(folder);
    }
}
