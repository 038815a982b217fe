using System.Text.Json;
using AccEmulator.Sheets;

namespace AccEmulator.Members;

/// <summary>A project user in the Admin API's shape.</summary>
internal static class MemberJson
{
    public static void WriteMember(Utf8JsonWriter w, EmulatedMember member)
    {
        w.WriteStartObject();
        w.WriteString("id", member.Id);
        w.WriteString("email", member.Email);
        w.WriteString("name", member.Name);
        w.WriteString("firstName", member.FirstName);
        w.WriteString("lastName", member.LastName);
        w.WriteString("autodeskId", member.AutodeskId);
        w.WriteString("companyId", member.Company.Id);
        w.WriteString("companyName", member.Company.Name);
        w.WriteStartArray("roleIds");
        member.Roles.ForEach(r => w.WriteStringValue(r.Id));
        w.WriteEndArray();
        w.WriteStartArray("roles");
        foreach (var role in member.Roles)
        {
            w.WriteStartObject();
            w.WriteString("id", role.Id);
            w.WriteString("name", role.Name);
            w.WriteEndObject();
        }

        w.WriteEndArray();
        w.WriteStartObject("accessLevels");
        w.WriteBoolean("accountAdmin", false);
        w.WriteBoolean("projectAdmin", member.ProjectAdmin);
        w.WriteBoolean("executive", false);
        w.WriteEndObject();
        w.WriteString("status", member.Status);
        w.WriteStartArray("products");
        foreach (var product in (string[])["docs", "build", "projectAdministration"])
        {
            w.WriteStartObject();
            w.WriteString("key", product);
            w.WriteString("access", product == "projectAdministration" ? (member.ProjectAdmin ? "administrator" : "none") : "member");
            w.WriteEndObject();
        }

        w.WriteEndArray();
        w.WriteString("addedOn", SheetJson.Time(member.AddedOn));
        w.WriteString("updatedAt", SheetJson.Time(member.UpdatedAt));
        w.WriteString("jobTitle", member.JobTitle);
        w.WriteEndObject();
    }
}
