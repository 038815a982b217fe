using AccEmulator.Accounts;
using AccEmulator.Accounts.Generation;
using AccEmulator.Faults;
using AccEmulator.Permissions;
using AccEmulator.Uploads;

namespace AccEmulator.Writes;

/// <summary>
/// The rules of Data Management's writes (items, versions, folders) applied to the account. Every method runs under
/// the account's <see cref="EmulatedAccount.SyncRoot"/>, held by the caller, and throws <see cref="WriteRejectedException"/>
/// with the status ACC answers when a rule is broken.
/// </summary>
internal sealed class AccountWriter(EmulatedAccount account, long seed, TimeProvider clock, FolderPermissions permissions,
    UploadStore uploads, FaultInjector faults)
{
    private const string StoragePrefix = "urn:adsk.objects:os.object:";

    private readonly AccountBuilder _builder = new(account, seed, "writes");
    private readonly Dictionary<string, int> _versionsByItem = new(StringComparer.Ordinal);
    private int _items;
    private int _folders;

    /// <summary>A new item with version 1 from an uploaded object (or a copy of another version of the project).</summary>
    public EmulatedItem CreateItem(string projectId, string folderId, string name, string? storageId, string? copyFrom, string? user)
    {
        var folder = Folder(projectId, folderId);
        if (folder.IsRoot)
        {
            throw WriteRejectedException.Forbidden("Files cannot be added to a project's root folder: use Project Files, Plans or a folder below them.");
        }

        Require(folder, user, PermissionActions.Upload);
        ValidateName(name);
        if (folder.Items.Any(i => !i.Hidden && Same(i.DisplayName, name)))
        {
            throw WriteRejectedException.Conflict($"An item named '{name}' already exists in folder '{folderId}': add a version to it instead.");
        }

        var storage = copyFrom is null ? Uploaded(projectId, storageId, name) : Copyable(projectId, copyFrom).Storage!;
        var item = _builder.AddItem(folder, name, ItemKind.File, storage.Length, clock.GetUtcNow(), storage: storage);
        _items++;
        Count(item);
        return item;
    }

    /// <summary>A new tip on an item: uploaded bytes, a copy of one of its versions (undeleting it), or a Deleted version.</summary>
    public EmulatedVersion CreateVersion(string projectId, VersionRequest request, string? user)
    {
        EmulatedVersion version;
        if (request.CopyFrom is { } copyFrom)
        {
            var source = Copyable(projectId, copyFrom);
            var item = source.Item;
            if (request.ItemId is { } itemId && itemId != item.Id)
            {
                throw WriteRejectedException.BadInput($"copyFrom '{copyFrom}' is a version of '{item.Id}', not of '{itemId}'.");
            }

            Writable(item, user, PermissionActions.Upload);
            NoClash(item, source.Name);
            version = _builder.AddVersion(item, source.Name, source.Storage!.Length, clock.GetUtcNow(), source.StorageSize, source.Storage);
            Restore(item);
        }
        else if (request.ExtensionType == ExtensionTypes.DeletedVersion)
        {
            var item = Item(projectId, request.ItemId);
            if (item.Deleted)
            {
                throw WriteRejectedException.Conflict($"Item '{item.Id}' is already deleted.");
            }

            Writable(item, user, PermissionActions.Delete);
            version = _builder.AddDeletedVersion(item, clock.GetUtcNow());
        }
        else
        {
            if (request.ExtensionType is { } type && type != ExtensionTypes.Version(ItemKind.File))
            {
                throw WriteRejectedException.BadInput($"Unsupported version type '{type}': the emulator takes {ExtensionTypes.Version(ItemKind.File)} and {ExtensionTypes.DeletedVersion}.");
            }

            var item = Item(projectId, request.ItemId);
            var name = request.Name ?? throw WriteRejectedException.BadInput("data.attributes.name is required.");
            ValidateName(name);
            Writable(item, user, PermissionActions.Upload);
            NoClash(item, name);
            var storage = Uploaded(projectId, request.StorageId, name);
            version = _builder.AddVersion(item, name, storage.Length, clock.GetUtcNow(), reuse: storage);
            Restore(item);
        }

        Count(version.Item);
        return version;
    }

    /// <summary>A new folder below <paramref name="parentId"/>, which must not be the project's root.</summary>
    public EmulatedFolder CreateFolder(string projectId, string parentId, string name, string? user)
    {
        var parent = Folder(projectId, parentId);
        if (parent.IsRoot)
        {
            throw WriteRejectedException.Forbidden("Folders cannot be created directly in a project's root folder: create them under Plans, Project Files or deeper.");
        }

        Require(parent, user, PermissionActions.Create);
        ValidateName(name);
        if (parent.PathSegments.Count >= 25)
        {
            throw WriteRejectedException.BadInput("Folders nest at most 25 levels deep.");
        }

        if (parent.Folders.Any(f => !f.Hidden && Same(f.Name, name)))
        {
            throw WriteRejectedException.Conflict($"A folder named '{name}' already exists in folder '{parentId}'.");
        }

        _folders++;
        return _builder.AddFolder(parent, name, clock.GetUtcNow());
    }

    /// <summary>Hides (deletes) or unhides (restores) a folder and/or renames it; a visible name must be unique among its siblings.</summary>
    public EmulatedFolder PatchFolder(string projectId, string folderId, bool? hidden, string? name, string? user)
    {
        var folder = Folder(projectId, folderId);
        if (folder.Parent is not { IsRoot: false } parent)
        {
            throw WriteRejectedException.Forbidden("A project's root and top folders cannot be renamed, hidden or restored.");
        }

        Require(folder, user, PermissionActions.Write);
        var newName = name ?? folder.Name;
        ValidateName(newName);
        if (!(hidden ?? folder.Hidden) && parent.Folders.Any(f => f != folder && !f.Hidden && Same(f.Name, newName)))
        {
            throw WriteRejectedException.Conflict($"A folder named '{newName}' already exists in folder '{parent.Id}': restore it under a new name.");
        }

        var now = clock.GetUtcNow();
        folder.Name = newName;
        folder.Hidden = hidden ?? folder.Hidden;
        folder.LastModifiedTime = now;
        parent.LastModifiedTime = now;
        folder.RollUp(now);
        return folder;
    }

    /// <summary>Each resource (a folder, or the folder of an item or version) checked for every required action.</summary>
    public IReadOnlyList<PermissionCheck> CheckPermission(string projectId, IReadOnlyList<string> actions,
        IReadOnlyList<(string Type, string Id)> resources, string? user)
    {
        if (actions.Count == 0 || actions.Any(a => !PermissionActions.IsKnown(a)))
        {
            throw WriteRejectedException.BadInput($"requiredActions must name some of: {string.Join(", ", PermissionActions.All)}.");
        }

        return [.. resources.Select(resource =>
        {
            var folder = resource.Type switch
            {
                "folders" => Folder(projectId, resource.Id),
                "items" => Item(projectId, resource.Id).Parent,
                "versions" => Version(projectId, resource.Id).Item.Parent,
                _ => throw WriteRejectedException.BadInput($"Unsupported resource type '{resource.Type}'."),
            };
            return new PermissionCheck(resource.Type, resource.Id,
                actions.Distinct(StringComparer.Ordinal).ToDictionary(a => a, a => permissions.Allows(folder, user, a), StringComparer.Ordinal));
        })];
    }

    /// <summary>What the write endpoints did so far.</summary>
    public WriteStats Stats() =>
        new(new Dictionary<string, int>(_versionsByItem, StringComparer.Ordinal), _items, _folders, uploads.UploadedBytes, uploads.CompletedUploads);

    private void Count(EmulatedItem item) => _versionsByItem[item.Id] = _versionsByItem.GetValueOrDefault(item.Id) + 1;

    /// <summary>A new file tip brings a deleted (hidden) item back, with the same id.</summary>
    private static void Restore(EmulatedItem item)
    {
        item.Deleted = false;
        item.Hidden = false;
    }

    /// <summary>Permission, then ACC's item states: reserved (locked) by a user, or still processing its last version.</summary>
    private void Writable(EmulatedItem item, string? user, string action)
    {
        Require(item.Parent, user, action);
        if (item.Reservation is { } reservation && reservation.UserId != user)
        {
            throw new WriteRejectedException(StatusCodes.Status423Locked, "LOCKED", $"Item '{item.Id}' is reserved by {reservation.UserName}.");
        }

        var processing = faults.Options.Writes.VersionProcessingTime;
        if (processing > TimeSpan.Zero && clock.GetUtcNow() - item.Tip.CreateTime < processing)
        {
            throw WriteRejectedException.Conflict($"Item '{item.Id}' is still processing version {item.Tip.Number}; try again later.");
        }
    }

    /// <summary>A visible item's name must stay unique in its folder (case-insensitively).</summary>
    private static void NoClash(EmulatedItem item, string name)
    {
        if (item.Parent.Items.Any(i => i != item && !i.Hidden && Same(i.DisplayName, name)))
        {
            throw WriteRejectedException.Conflict($"Another item named '{name}' exists in folder '{item.Parent.Id}'.");
        }
    }

    private void Require(EmulatedFolder folder, string? user, string action)
    {
        if (!permissions.Allows(folder, user, action))
        {
            throw WriteRejectedException.Forbidden($"User '{user}' lacks the '{action}' permission on folder '{folder.Id}'.");
        }
    }

    /// <summary>The completed object a storage id names, created in this project for a file of the same extension.</summary>
    private StorageObject Uploaded(string projectId, string? storageId, string name)
    {
        if (storageId is null || !storageId.StartsWith(StoragePrefix, StringComparison.Ordinal) || storageId[StoragePrefix.Length..].Split('/', 2) is not [var bucket, var objectKey])
        {
            throw WriteRejectedException.BadInput($"relationships.storage must name an object '{StoragePrefix}{{bucketKey}}/{{objectKey}}'.");
        }

        var reservation = uploads.FindReservation(objectKey);
        if (bucket != StorageObject.Bucket || reservation is null || reservation.ProjectId != projectId)
        {
            throw WriteRejectedException.BadInput($"Storage '{storageId}' was not created in project '{projectId}'.");
        }

        if (FileTypes.Extension(reservation.Name) != FileTypes.Extension(name))
        {
            throw WriteRejectedException.BadInput($"The storage was created for '{reservation.Name}': a file name needs the same extension.");
        }

        return account.Objects.GetValueOrDefault(objectKey)
            ?? throw WriteRejectedException.BadInput($"Storage '{storageId}' has no bytes: complete its upload (POST …/signeds3upload) first.");
    }

    /// <summary>A version with bytes in this project: copies never cross projects.</summary>
    private EmulatedVersion Copyable(string projectId, string versionId)
    {
        if (!account.Versions.TryGetValue(versionId, out var source))
        {
            throw WriteRejectedException.NotFound($"Version '{versionId}' was not found.");
        }

        if (source.Item.Parent.Project.Id != projectId)
        {
            throw WriteRejectedException.BadInput($"copyFrom '{versionId}' belongs to another project: copies stay within a project.");
        }

        return source.Storage is null
            ? throw WriteRejectedException.BadInput($"Version '{versionId}' has no file to copy (a Deleted version or a Plans document).")
            : source;
    }

    private EmulatedFolder Folder(string projectId, string folderId) =>
        account.FindFolder(projectId, folderId) ?? throw WriteRejectedException.NotFound($"Folder '{folderId}' was not found in project '{projectId}'.");

    private EmulatedItem Item(string projectId, string? itemId) =>
        itemId is null ? throw WriteRejectedException.BadInput("data.relationships.item is required.")
        : account.FindItem(projectId, itemId) ?? throw WriteRejectedException.NotFound($"Item '{itemId}' was not found in project '{projectId}'.");

    private EmulatedVersion Version(string projectId, string versionId) =>
        account.Versions.TryGetValue(versionId, out var version) && version.Item.Parent.Project.Id == projectId ? version
        : throw WriteRejectedException.NotFound($"Version '{versionId}' was not found in project '{projectId}'.");

    /// <summary>
    /// Names: 1–255 characters. The reference advises against <c>&lt; &gt; : " / \ | ? *</c> and control characters, but
    /// ACC holds such names (the demo account has some) and whether the API refuses them is not documented: they pass.
    /// </summary>
    private static void ValidateName(string name)
    {
        if (name.Length is 0 or > 255)
        {
            throw WriteRejectedException.BadInput($"Invalid name '{name}': names have 1-255 characters.");
        }
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
}
