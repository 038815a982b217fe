using System.Text.Json;

namespace AccBackup.Modules;

/// <summary>Reading the members of a module's records, which are kept whole as APS sent them.</summary>
internal static class ModuleJson
{
    /// <summary>A member as text: strings as they are, numbers and booleans as JSON writes them; null when absent or null.</summary>
    public static string? Text(JsonElement element, string name) =>
        element.ValueKind == JsonValueKind.Object && element.TryGetProperty(name, out var value)
            ? value.ValueKind switch
            {
                JsonValueKind.String => value.GetString(),
                JsonValueKind.Null or JsonValueKind.Undefined => null,
                JsonValueKind.True => "true",
                JsonValueKind.False => "false",
                _ => value.GetRawText(),
            }
            : null;

    /// <summary>A member of a nested object (<c>versionSet.name</c>) as text.</summary>
    public static string? Text(JsonElement element, string parent, string name) =>
        element.ValueKind == JsonValueKind.Object && element.TryGetProperty(parent, out var child) ? Text(child, name) : null;
}
