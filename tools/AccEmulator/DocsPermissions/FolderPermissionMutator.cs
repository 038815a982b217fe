namespace AccEmulator.DocsPermissions;

/// <summary>Changes to folder permissions between two backups. As in ACC, a permission change moves no folder time.</summary>
public sealed class FolderPermissionMutator
{
    private readonly FolderPermissionStore _store;

    internal FolderPermissionMutator(FolderPermissionStore store) => _store = store;

    /// <summary>Gives <paramref name="subject"/> <paramref name="actions"/> (<see cref="FolderPermissionLevels"/>) on the folder.</summary>
    public void Set(string folderId, FolderSubject subject, IReadOnlyList<string> actions)
    {
        ArgumentNullException.ThrowIfNull(subject);
        lock (_store.SyncRoot)
        {
            if (!_store.Account.Folders.ContainsKey(folderId))
            {
                throw new KeyNotFoundException($"Folder '{folderId}' not found.");
            }

            _store.Set(folderId, subject, actions);
        }
    }

    /// <summary>Takes a subject's own permission off the folder (it keeps what it inherits).</summary>
    public void Remove(string folderId, string subjectId)
    {
        lock (_store.SyncRoot)
        {
            if (!_store.Remove(folderId, subjectId))
            {
                throw new KeyNotFoundException($"Subject '{subjectId}' has no permission of its own on folder '{folderId}'.");
            }
        }
    }
}
