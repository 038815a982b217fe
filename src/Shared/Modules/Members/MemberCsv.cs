using System.Text;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Members;

/// <summary>A project's members as a spreadsheet: one row per member (removed ones too), roles by name; RFC 4180, UTF-8 with BOM,
/// formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class MemberCsv
{
    private static readonly string[] Columns = ["name", "email", "companyName", "roles", "projectAdmin", "status", "jobTitle", "addedOn", "updatedAt", "autodeskId", "id"];

    public static byte[] Write(MemberSnapshot snapshot)
    {
        var text = new StringBuilder();
        text.AppendJoin(',', Columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var member in snapshot.Members)
        {
            string?[] cells =
            [
                ModuleJson.Text(member, "name"), ModuleJson.Text(member, "email"), ModuleJson.Text(member, "companyName"), Roles(member),
                ModuleJson.Text(member, "accessLevels", "projectAdmin"), ModuleJson.Text(member, "status"), ModuleJson.Text(member, "jobTitle"),
                ModuleJson.Text(member, "addedOn"), ModuleJson.Text(member, "updatedAt"), ModuleJson.Text(member, "autodeskId"), ModuleJson.Text(member, "id"),
            ];
            text.AppendJoin(',', cells.Select(ManifestCsv.Field)).Append("\r\n");
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static string? Roles(JsonElement member) =>
        member.TryGetProperty("roles", out var roles) && roles.ValueKind == JsonValueKind.Array
            ? string.Join("; ", roles.EnumerateArray().Select(r => ModuleJson.Text(r, "name")))
            : null;
}
