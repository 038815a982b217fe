using System.Text;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Sheets;

/// <summary>A project's sheets as a spreadsheet: one row per sheet (every issuance, deleted ones too), version set and collection
/// by name; RFC 4180, UTF-8 with BOM, formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class SheetCsv
{
    private static readonly string[] Columns =
    [
        "number", "title", "versionSet", "issuanceDate", "collection", "isCurrent", "deleted", "tags", "paperSize", "createdAt", "createdByName",
        "updatedAt", "updatedByName", "deletedAt", "deletedByName", "id", "versionSetId",
    ];

    public static byte[] Write(SheetSnapshot snapshot)
    {
        var text = new StringBuilder();
        text.AppendJoin(',', Columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var sheet in snapshot.Sheets.OrderBy(s => ModuleJson.Text(s, "number"), StringComparer.Ordinal).ThenBy(s => ModuleJson.Text(s, "versionSet", "issuanceDate"), StringComparer.Ordinal))
        {
            string?[] cells =
            [
                ModuleJson.Text(sheet, "number"), ModuleJson.Text(sheet, "title"), ModuleJson.Text(sheet, "versionSet", "name"), ModuleJson.Text(sheet, "versionSet", "issuanceDate"),
                ModuleJson.Text(sheet, "collection", "name"), ModuleJson.Text(sheet, "isCurrent"), ModuleJson.Text(sheet, "deleted") ?? "false", Tags(sheet),
                ModuleJson.Text(sheet, "paperSize"), ModuleJson.Text(sheet, "createdAt"), ModuleJson.Text(sheet, "createdByName"), ModuleJson.Text(sheet, "updatedAt"),
                ModuleJson.Text(sheet, "updatedByName"), ModuleJson.Text(sheet, "deletedAt"), ModuleJson.Text(sheet, "deletedByName"), ModuleJson.Text(sheet, "id"),
                ModuleJson.Text(sheet, "versionSet", "id"),
            ];
            text.AppendJoin(',', cells.Select(ManifestCsv.Field)).Append("\r\n");
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static string? Tags(JsonElement sheet) =>
        sheet.TryGetProperty("tags", out var tags) && tags.ValueKind == JsonValueKind.Array
            ? string.Join("; ", tags.EnumerateArray().Select(t => t.GetString()))
            : null;
}
