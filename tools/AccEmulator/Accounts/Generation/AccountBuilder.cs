using AccEmulator.Content;

namespace AccEmulator.Accounts.Generation;

/// <summary>Adds projects, folders, items and versions to an account, keeping times and rollups consistent.</summary>
/// <remarks>Used by the dataset generators and, with its own id stream, by the mutator.</remarks>
internal sealed class AccountBuilder(EmulatedAccount account, long seed, string purpose)
{
    private readonly DeterministicRandom _ids = DeterministicRandom.For(seed, purpose + "/ids");

    public EmulatedAccount Account { get; } = account;

    public EmulatedProject AddProject(string name, string projectType, DateTimeOffset time)
    {
        var project = new EmulatedProject(_ids.NextGuid(), name, projectType, Account.TenantId);
        project.Root = new EmulatedFolder(NewFolderId(), project.RootFolderName, project, null, time);
        Account.Register(project.Root);
        Account.Projects.Add(project);
        return project;
    }

    public EmulatedFolder AddFolder(EmulatedFolder parent, string name, DateTimeOffset time, bool hidden = false)
    {
        var folder = new EmulatedFolder(NewFolderId(), name, parent.Project, parent, time) { Hidden = hidden };
        parent.Folders.Add(folder);
        Account.Register(folder);
        Touch(parent, time);
        return folder;
    }

    /// <summary>Adds an item with its first version (new content, or <paramref name="storage"/>); <paramref name="length"/> is ignored for Plans documents.</summary>
    public EmulatedItem AddItem(EmulatedFolder parent, string name, ItemKind kind, long length, DateTimeOffset time,
        bool hidden = false, long? reportedSize = null, StorageObject? storage = null)
    {
        var token = _ids.NextUrlToken();
        var item = new EmulatedItem("urn:adsk.wipprod:dm.lineage:" + token, token, kind, parent, time) { Hidden = hidden };
        parent.Items.Add(item);
        Account.Register(item);
        Touch(parent, time);
        AddVersion(item, name, length, time, reportedSize, storage);
        return item;
    }

    /// <summary>Adds a version with new content (or the given storage, e.g. a rename keeps the bytes).</summary>
    public EmulatedVersion AddVersion(EmulatedItem item, string name, long length, DateTimeOffset time,
        long? reportedSize = null, StorageObject? reuse = null)
    {
        var hasStorage = item.Kind != ItemKind.Document;
        var storage = hasStorage ? reuse ?? NewObject(name, length, reportedSize) : null;
        var version = new EmulatedVersion(item, item.Versions.Count + 1, name, time, ExtensionTypes.Version(item.Kind))
        {
            Storage = storage,
            StorageSize = storage is null ? null : reportedSize ?? storage.Length,
            FileType = hasStorage ? FileTypes.Extension(name) : null,
            MimeType = hasStorage ? FileTypes.MimeType(name) : null,
        };
        Append(item, version, name, time);
        return version;
    }

    /// <summary>
    /// Marks the item deleted the way ACC does (APS's delete-and-restore tutorial): a storage-less
    /// <c>versions:autodesk.core:Deleted</c> tip named by a GUID, with the file's name as <c>originalName</c>; the item
    /// keeps its display name and is hidden from listings.
    /// </summary>
    public EmulatedVersion AddDeletedVersion(EmulatedItem item, DateTimeOffset time)
    {
        var number = item.Versions.Count + 1;
        // Derived from the item, not drawn from the id stream: deleting shifts no other id.
        var name = DeterministicRandom.For(seed, $"{item.Id}/deleted/{number}").NextGuid().ToString("D");
        var version = new EmulatedVersion(item, number, name, time, ExtensionTypes.DeletedVersion) { OriginalName = item.DisplayName };
        item.Deleted = true;
        item.Hidden = true;
        Append(item, version, item.DisplayName, time);
        Touch(item.Parent, time);
        return version;
    }

    private void Append(EmulatedItem item, EmulatedVersion version, string name, DateTimeOffset time)
    {
        item.Versions.Add(version);
        item.DisplayName = name;
        item.LastModifiedTime = time;
        Account.Register(version);
        item.Parent.RollUp(time);
    }

    private StorageObject NewObject(string name, long length, long? reportedSize)
    {
        var extension = FileTypes.Extension(name);
        var objectKey = _ids.NextGuid().ToString("D") + (extension is null ? "" : "." + extension);
        return new StorageObject(objectKey, length, ContentGenerator.KeyFor(seed, objectKey)) { StatedSize = reportedSize ?? length };
    }

    private string NewFolderId() => "urn:adsk.wipprod:fs.folder:co." + _ids.NextUrlToken();

    private static void Touch(EmulatedFolder folder, DateTimeOffset time)
    {
        if (folder.LastModifiedTime < time)
        {
            folder.LastModifiedTime = time;
        }

        folder.RollUp(time);
    }
}
