namespace AccEmulator.Accounts;

/// <summary>A folder; <see cref="LastModifiedTimeRollup"/> is the newest change anywhere in its subtree.</summary>
internal sealed class EmulatedFolder(string id, string name, EmulatedProject project, EmulatedFolder? parent, DateTimeOffset createTime)
{
    public string Id { get; } = id;

    public string Name { get; set; } = name;

    public EmulatedProject Project { get; } = project;

    /// <summary>Null for the project's root folder.</summary>
    public EmulatedFolder? Parent { get; } = parent;

    public DateTimeOffset CreateTime { get; } = createTime;

    /// <summary>Moves when the folder's own entries change (added, removed, renamed).</summary>
    public DateTimeOffset LastModifiedTime { get; set; } = createTime;

    /// <summary>Invariant: the maximum of this folder's own time and every descendant's change.</summary>
    public DateTimeOffset LastModifiedTimeRollup { get; set; } = createTime;

    public bool Hidden { get; set; }

    public List<EmulatedFolder> Folders { get; } = [];

    public List<EmulatedItem> Items { get; } = [];

    public bool IsRoot => Parent is null;

    /// <summary>Folder names from the top folder (e.g. "Project Files") down to this one; empty for the root.</summary>
    public IReadOnlyList<string> PathSegments
    {
        get
        {
            var segments = new List<string>();
            for (var folder = this; folder is { IsRoot: false }; folder = folder.Parent)
            {
                segments.Add(folder.Name);
            }

            segments.Reverse();
            return segments;
        }
    }

    /// <summary>Sets this folder's rollup and every ancestor's to at least <paramref name="time"/>.</summary>
    public void RollUp(DateTimeOffset time)
    {
        for (var folder = this; folder is not null; folder = folder.Parent)
        {
            if (folder.LastModifiedTimeRollup < time)
            {
                folder.LastModifiedTimeRollup = time;
            }
        }
    }
}
