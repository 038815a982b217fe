namespace AccEmulator.CustomAttributes;

/// <summary>Changes to custom attributes between two backups. As in ACC, setting a value makes no new version and moves no folder time.</summary>
public sealed class AttributeMutator
{
    private readonly AttributeStore _store;

    internal AttributeMutator(AttributeStore store) => _store = store;

    /// <summary>Defines a new attribute on a folder (it applies to every folder below).</summary>
    public AttributeDefinition Define(string folderId, string name, string type, IReadOnlyList<string>? arrayValues = null)
    {
        lock (_store.SyncRoot)
        {
            return _store.Account.Folders.ContainsKey(folderId)
                ? _store.Define(folderId, name, type, arrayValues ?? [])
                : throw new KeyNotFoundException($"Folder '{folderId}' not found.");
        }
    }

    /// <summary>Sets (or, with null, clears) a version's value of an attribute defined on its folder or above.</summary>
    public void SetValue(string versionId, int attributeId, string? value)
    {
        lock (_store.SyncRoot)
        {
            var version = _store.Account.Versions.GetValueOrDefault(versionId) ?? throw new KeyNotFoundException($"Version '{versionId}' not found.");
            if (_store.DefinitionsOf(version.Item.Parent).All(d => d.Id != attributeId))
            {
                throw new ArgumentException($"Attribute {attributeId} is not defined for the folder of '{versionId}'.", nameof(attributeId));
            }

            _store.SetValue(versionId, attributeId, value);
        }
    }
}
