using System.Text.Json;
using AccEmulator.Accounts;

namespace AccEmulator.DocsPermissions;

/// <summary>A folder's permissions in the API's shape: a bare array of <c>{subjectId, autodeskId, name, email, userType,
/// subjectType, subjectStatus, actions, inheritActions}</c>.</summary>
internal static class FolderPermissionJson
{
    public static void WriteFolder(Utf8JsonWriter w, FolderPermissionStore store, EmulatedFolder folder)
    {
        w.WriteStartArray();
        foreach (var (subject, actions, inherited) in store.Effective(folder))
        {
            w.WriteStartObject();
            w.WriteString("subjectId", subject.SubjectId);
            w.WriteString("autodeskId", subject.AutodeskId);
            w.WriteString("name", subject.Name);
            w.WriteString("email", subject.Email);
            w.WriteString("userType", subject.UserType);
            w.WriteString("subjectType", subject.SubjectType);
            w.WriteString("subjectStatus", subject.SubjectStatus);
            WriteStrings(w, "actions", actions);
            WriteStrings(w, "inheritActions", inherited);
            w.WriteEndObject();
        }

        w.WriteEndArray();
    }

    private static void WriteStrings(Utf8JsonWriter w, string name, IReadOnlyList<string> values)
    {
        w.WriteStartArray(name);
        foreach (var value in values)
        {
            w.WriteStringValue(value);
        }

        w.WriteEndArray();
    }
}
