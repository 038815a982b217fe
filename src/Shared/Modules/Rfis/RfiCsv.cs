using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Rfis;

/// <summary>A project's RFIs as a spreadsheet: one row per RFI (hidden and void ones too) with its official response and how
/// many responses, comments and attachments it has; RFC 4180, UTF-8 with BOM, formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class RfiCsv
{
    private static readonly string[] Columns =
        ["customIdentifier", "title", "status", "priority", "question", "officialResponse", "dueDate", "assignedTo", "isHidden", "responses", "comments", "attachments",
            "createdBy", "createdAt", "updatedAt", "closedAt", "id"];

    public static byte[] Write(RfiSnapshot snapshot)
    {
        var text = new StringBuilder();
        text.AppendJoin(',', Columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var record in snapshot.Rfis)
        {
            var rfi = record.Rfi;
            string?[] cells =
            [
                ModuleJson.Text(rfi, "customIdentifier"), ModuleJson.Text(rfi, "title"), ModuleJson.Text(rfi, "status"), ModuleJson.Text(rfi, "priority"),
                ModuleJson.Text(rfi, "question"), ModuleJson.Text(rfi, "officialResponse"), ModuleJson.Text(rfi, "dueDate"), Joined(rfi, "assignedTo"),
                ModuleJson.Text(rfi, "isHidden"), Count(rfi, "responses"), record.Comments.Count.ToString(System.Globalization.CultureInfo.InvariantCulture),
                record.Attachments.Count.ToString(System.Globalization.CultureInfo.InvariantCulture), ModuleJson.Text(rfi, "createdBy"), ModuleJson.Text(rfi, "createdAt"),
                ModuleJson.Text(rfi, "updatedAt"), ModuleJson.Text(rfi, "closedAt"), record.Id,
            ];
            text.AppendJoin(',', cells.Select(ManifestCsv.Field)).Append("\r\n");
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static string? Joined(JsonElement rfi, string name) =>
        rfi.TryGetProperty(name, out var values) && values.ValueKind == JsonValueKind.Array
            ? string.Join("; ", values.EnumerateArray().Select(v => v.ValueKind == JsonValueKind.String ? v.GetString() : v.GetRawText()))
            : null;

    private static string Count(JsonElement rfi, string name) =>
        (rfi.TryGetProperty(name, out var values) && values.ValueKind == JsonValueKind.Array ? values.GetArrayLength() : 0).ToString(System.Globalization.CultureInfo.InvariantCulture);
}
