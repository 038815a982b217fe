namespace AccEmulator.Accounts;

/// <summary>An item (a file's lineage); its last version is the tip.</summary>
internal sealed class EmulatedItem(string id, string lineageToken, ItemKind kind, EmulatedFolder parent, DateTimeOffset createTime)
{
    public string Id { get; } = id;

    /// <summary>The id suffix shared by the item and its versions (<c>dm.lineage:X</c> / <c>fs.file:vf.X</c>).</summary>
    public string LineageToken { get; } = lineageToken;

    public ItemKind Kind { get; } = kind;

    public EmulatedFolder Parent { get; } = parent;

    public DateTimeOffset CreateTime { get; } = createTime;

    public DateTimeOffset LastModifiedTime { get; set; } = createTime;

    public string DisplayName { get; set; } = "";

    public bool Hidden { get; set; }

    /// <summary>Deleted items stay reachable (hidden, with a Deleted tip) as in BIM 360 Docs, but leave the truth.</summary>
    public bool Deleted { get; set; }

    /// <summary>Set when a user has reserved (locked) the file; null for most files.</summary>
    public ItemReservation? Reservation { get; set; }

    /// <summary>Oldest first; never empty once built.</summary>
    public List<EmulatedVersion> Versions { get; } = [];

    public EmulatedVersion Tip => Versions[^1];
}
