using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Permissions;

/// <summary>A project's folder permissions as a spreadsheet: one row per folder and subject (user, role or company) with its own and
/// inherited actions; RFC 4180, UTF-8 with BOM, formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class PermissionCsv
{
    private static readonly string[] Columns = ["folderPath", "subjectType", "name", "email", "subjectStatus", "actions", "inheritActions", "subjectId", "folderId"];

    public static byte[] Write(PermissionSnapshot snapshot)
    {
        var text = new StringBuilder();
        text.AppendJoin(',', Columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var folder in snapshot.Folders)
        {
            foreach (var subject in folder.Permissions)
            {
                string?[] cells =
                [
                    folder.Path, ModuleJson.Text(subject, "subjectType"), ModuleJson.Text(subject, "name"), ModuleJson.Text(subject, "email"),
                    ModuleJson.Text(subject, "subjectStatus"), Joined(subject, "actions"), Joined(subject, "inheritActions"), ModuleJson.Text(subject, "subjectId"), folder.FolderId,
                ];
                text.AppendJoin(',', cells.Select(ManifestCsv.Field)).Append("\r\n");
            }
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static string? Joined(JsonElement subject, string name) =>
        subject.TryGetProperty(name, out var values) && values.ValueKind == JsonValueKind.Array
            ? string.Join("; ", values.EnumerateArray().Select(v => v.GetString()))
            : null;
}
