using System.Text.Json;

namespace AccBackup.Acc.JsonApi;

/// <summary>Turns JSON:API folder, item and version objects into domain records.</summary>
internal static class AccEntryParser
{
    public static FolderEntry Entry(JsonApiReader reader, JsonElement data, IReadOnlyDictionary<string, AccFileVersion> versions)
    {
        var type = reader.RequiredString(data, "type");
        return type switch
        {
            "folders" => Folder(reader, data),
            "items" => File(reader, data, versions),
            _ => throw reader.Malformed($"data entry of unknown type '{type}'"),
        };
    }

    public static AccFolder Folder(JsonApiReader reader, JsonElement data)
    {
        var attributes = reader.Required(data, "attributes", JsonValueKind.Object);
        return new AccFolder(
            reader.RequiredString(data, "id"),
            reader.OptionalString(attributes, "displayName") ?? reader.RequiredString(attributes, "name"),
            reader.OptionalBool(attributes, "hidden"),
            reader.OptionalTime(attributes, "lastModifiedTimeRollup"),
            reader.OptionalInt64(attributes, "objectCount"));
    }

    public static Dictionary<string, AccFileVersion> IncludedVersions(JsonApiReader reader, JsonElement root)
    {
        var versions = new Dictionary<string, AccFileVersion>(StringComparer.Ordinal);
        if (reader.Optional(root, "included") is not { ValueKind: JsonValueKind.Array } included)
        {
            return versions;
        }

        foreach (var entry in included.EnumerateArray())
        {
            if (reader.OptionalString(entry, "type") == "versions")
            {
                var version = Version(reader, entry);
                versions[version.Id] = version;
            }
        }

        return versions;
    }

    public static AccFileVersion Version(JsonApiReader reader, JsonElement data)
    {
        var id = reader.RequiredString(data, "id");
        var attributes = reader.Required(data, "attributes", JsonValueKind.Object);
        var storageId = reader.OptionalPath(data, "relationships", "storage", "data", "id")?.GetString();
        OssObject? storage = null;
        if (storageId is not null)
        {
            storage = OssObject.TryParse(storageId) ?? throw reader.Malformed($"version {id} has an unrecognised storage id '{storageId}'");
        }

        var number = reader.OptionalInt64(attributes, "versionNumber") ?? VersionNumberFromId(id)
            ?? throw reader.Malformed($"version {id} has no versionNumber");
        return new AccFileVersion(
            id,
            checked((int)number),
            reader.OptionalString(attributes, "displayName") ?? reader.OptionalString(attributes, "name") ?? string.Empty,
            reader.OptionalInt64(attributes, "storageSize"),
            storage,
            reader.OptionalTime(attributes, "lastModifiedTime"),
            ExtensionType(reader, attributes) ?? string.Empty);
    }

    private static AccFile File(JsonApiReader reader, JsonElement data, IReadOnlyDictionary<string, AccFileVersion> versions)
    {
        var id = reader.RequiredString(data, "id");
        var attributes = reader.Required(data, "attributes", JsonValueKind.Object);
        var tipId = reader.OptionalPath(data, "relationships", "tip", "data", "id")?.GetString();
        var tip = tipId is not null && versions.TryGetValue(tipId, out var version) ? version : null;
        var name = reader.OptionalString(attributes, "displayName") ?? tip?.Name
            ?? throw reader.Malformed($"item {id} has no displayName");
        return new AccFile(id, name, reader.OptionalBool(attributes, "hidden"), ExtensionType(reader, attributes) ?? string.Empty, tip);
    }

    private static string? ExtensionType(JsonApiReader reader, JsonElement attributes) =>
        reader.Optional(attributes, "extension") is { ValueKind: JsonValueKind.Object } extension
            ? reader.OptionalString(extension, "type")
            : null;

    private static long? VersionNumberFromId(string id)
    {
        var marker = id.LastIndexOf("?version=", StringComparison.Ordinal);
        return marker >= 0 && long.TryParse(id.AsSpan(marker + 9), out var number) ? number : null;
    }
}
