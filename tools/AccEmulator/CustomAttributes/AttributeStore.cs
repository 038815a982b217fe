using AccEmulator.Accounts;

namespace AccEmulator.CustomAttributes;

/// <summary>Every folder's custom attribute definitions and every version's values; reads and writes under the account's lock.</summary>
internal sealed class AttributeStore(EmulatedAccount account)
{
    private readonly Dictionary<string, List<AttributeDefinition>> _definitions = new(StringComparer.Ordinal);
    private readonly Dictionary<string, SortedDictionary<int, string>> _values = new(StringComparer.Ordinal);
    private int _nextId = 5_000_000;

    public Lock SyncRoot => account.SyncRoot;

    public EmulatedAccount Account => account;

    public AttributeDefinition Define(string folderId, string name, string type, IReadOnlyList<string> arrayValues)
    {
        if (!_definitions.TryGetValue(folderId, out var list))
        {
            _definitions[folderId] = list = [];
        }

        var definition = new AttributeDefinition(_nextId++, name, type, arrayValues);
        list.Add(definition);
        return definition;
    }

    /// <summary>The definitions that apply to the folder: those of the top folder first, down to its own.</summary>
    public IReadOnlyList<AttributeDefinition> DefinitionsOf(EmulatedFolder folder)
    {
        var chain = new List<EmulatedFolder>();
        for (var f = folder; f is not null; f = f.Parent)
        {
            chain.Add(f);
        }

        chain.Reverse();
        return [.. chain.SelectMany(f => _definitions.GetValueOrDefault(f.Id) ?? [])];
    }

    /// <summary>Sets (or, with null, clears) a version's value of an attribute.</summary>
    public void SetValue(string versionId, int attributeId, string? value)
    {
        if (!_values.TryGetValue(versionId, out var values))
        {
            _values[versionId] = values = new SortedDictionary<int, string>();
        }

        if (value is null)
        {
            values.Remove(attributeId);
        }
        else
        {
            values[attributeId] = value;
        }
    }

    /// <summary>The values assigned to a version, by attribute id.</summary>
    public IReadOnlyDictionary<int, string> ValuesOf(string versionId) =>
        _values.TryGetValue(versionId, out var values) ? values : new SortedDictionary<int, string>();
}
