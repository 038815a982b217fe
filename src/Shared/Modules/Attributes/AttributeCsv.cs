using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Attributes;

/// <summary>A project's custom attributes as a spreadsheet: a row per folder and definition (<c>definition</c>), then a row per version
/// and value assigned (<c>value</c>); RFC 4180, UTF-8 with BOM, formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class AttributeCsv
{
    private static readonly string[] Columns = ["record", "path", "attribute", "type", "value", "arrayValues", "attributeId", "id"];

    public static byte[] Write(AttributeSnapshot snapshot)
    {
        var text = new StringBuilder();
        text.AppendJoin(',', Columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var folder in snapshot.Folders)
        {
            foreach (var definition in folder.Definitions)
            {
                Row(text, "definition", folder.Path, ModuleJson.Text(definition, "name"), ModuleJson.Text(definition, "type"), null, Joined(definition, "arrayValues"),
                    ModuleJson.Text(definition, "id"), folder.FolderId);
            }
        }

        foreach (var version in snapshot.Versions)
        {
            if (version.Record is not { } record || !record.TryGetProperty("customAttributes", out var values) || values.ValueKind != JsonValueKind.Array)
            {
                continue;
            }

            foreach (var value in values.EnumerateArray())
            {
                Row(text, "value", version.Path, ModuleJson.Text(value, "name"), ModuleJson.Text(value, "type"), ModuleJson.Text(value, "value"), null,
                    ModuleJson.Text(value, "id"), version.VersionId);
            }
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static void Row(StringBuilder text, params string?[] cells) => text.AppendJoin(',', cells.Select(ManifestCsv.Field)).Append("\r\n");

    private static string? Joined(JsonElement element, string name) =>
        element.TryGetProperty(name, out var values) && values.ValueKind == JsonValueKind.Array
            ? string.Join("; ", values.EnumerateArray().Select(v => ModuleJson.Text(v, "value") ?? (v.ValueKind == JsonValueKind.String ? v.GetString() : v.GetRawText())))
            : null;
}
