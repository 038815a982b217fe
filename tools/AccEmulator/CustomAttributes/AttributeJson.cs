using System.Globalization;
using System.Text.Json;
using AccEmulator.Accounts;

namespace AccEmulator.CustomAttributes;

/// <summary>Custom attributes in the API's shape: a definition <c>{id, name, type, arrayValues}</c>; a version as
/// <c>versions:batch-get</c> answers it, its <c>customAttributes</c> holding only the values assigned.</summary>
internal static class AttributeJson
{
    public static void WriteDefinition(Utf8JsonWriter w, AttributeDefinition definition)
    {
        w.WriteStartObject();
        w.WriteNumber("id", definition.Id);
        w.WriteString("name", definition.Name);
        w.WriteString("type", definition.Type);
        w.WriteStartArray("arrayValues");
        foreach (var value in definition.ArrayValues)
        {
            w.WriteStringValue(value);
        }

        w.WriteEndArray();
        w.WriteEndObject();
    }

    public static void WriteVersion(Utf8JsonWriter w, AttributeStore store, EmulatedVersion version)
    {
        var definitions = store.DefinitionsOf(version.Item.Parent).ToDictionary(d => d.Id);
        w.WriteStartObject();
        w.WriteString("urn", version.Id);
        w.WriteString("itemUrn", version.Item.Id);
        w.WriteString("name", version.Name);
        w.WriteString("title", Path.GetFileNameWithoutExtension(version.Name));
        w.WriteString("processState", "PROCESSING_COMPLETE");
        w.WriteString("entityType", "SEED_FILE");
        w.WriteString("storageUrn", version.Storage is { } storage ? $"urn:adsk.objects:os.object:{StorageObject.Bucket}/{storage.ObjectKey}" : null);
        if (version.StorageSize is { } size)
        {
            w.WriteNumber("storageSize", size);
        }

        w.WriteString("createTime", version.CreateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'+0000'", CultureInfo.InvariantCulture));
        w.WriteString("lastModifiedTime", version.LastModifiedTime.ToString("yyyy-MM-dd'T'HH:mm:ss'+0000'", CultureInfo.InvariantCulture));
        w.WriteStartArray("customAttributes");
        foreach (var (id, value) in store.ValuesOf(version.Id))
        {
            if (definitions.TryGetValue(id, out var definition))
            {
                w.WriteStartObject();
                w.WriteNumber("id", id);
                w.WriteString("name", definition.Name);
                w.WriteString("type", definition.Type);
                w.WriteString("value", value);
                w.WriteEndObject();
            }
        }

        w.WriteEndArray();
        w.WriteEndObject();
    }
}
