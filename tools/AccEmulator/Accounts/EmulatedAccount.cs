namespace AccEmulator.Accounts;

/// <summary>One ACC account (a hub) with its projects, and indexes over every folder, item, version and object.</summary>
/// <remarks>All reads and writes of the tree happen under <see cref="SyncRoot"/>: mutations can run during a backup.</remarks>
internal sealed class EmulatedAccount(Guid accountId, string name, string region)
{
    public Lock SyncRoot { get; } = new();

    public Guid AccountId { get; } = accountId;

    /// <summary>The Data Management hub id: the account id with a <c>b.</c> prefix.</summary>
    public string HubId => "b." + AccountId.ToString("D");

    public string Name { get; } = name;

    /// <summary>The account's tenant number in APS scopes (<c>O2tenant.N</c>): eight digits derived from the account id.</summary>
    public long TenantId => 10_000_000 + (BitConverter.ToUInt32(AccountId.ToByteArray(), 0) % 90_000_000);

    public string Region { get; } = region;

    public List<EmulatedProject> Projects { get; } = [];

    public Dictionary<string, EmulatedFolder> Folders { get; } = new(StringComparer.Ordinal);

    public Dictionary<string, EmulatedItem> Items { get; } = new(StringComparer.Ordinal);

    public Dictionary<string, EmulatedVersion> Versions { get; } = new(StringComparer.Ordinal);

    public Dictionary<string, StorageObject> Objects { get; } = new(StringComparer.Ordinal);

    public EmulatedProject? FindProject(string projectId) => Projects.Find(p => p.Id == projectId);

    /// <summary>The folder with this id, if it belongs to the given project.</summary>
    public EmulatedFolder? FindFolder(string projectId, string folderId) =>
        Folders.TryGetValue(folderId, out var folder) && folder.Project.Id == projectId ? folder : null;

    /// <summary>The item with this id, if it belongs to the given project.</summary>
    public EmulatedItem? FindItem(string projectId, string itemId) =>
        Items.TryGetValue(itemId, out var item) && item.Parent.Project.Id == projectId ? item : null;

    public void Register(EmulatedFolder folder) => Folders.Add(folder.Id, folder);

    public void Register(EmulatedItem item) => Items.Add(item.Id, item);

    public void Register(EmulatedVersion version)
    {
        Versions.Add(version.Id, version);
        if (version.Storage is { } storage)
        {
            Objects.TryAdd(storage.ObjectKey, storage);
        }
    }
}
