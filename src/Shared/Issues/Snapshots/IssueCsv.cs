using System.Globalization;
using System.Text;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Issues.Snapshots;

/// <summary>A project's issues as a spreadsheet: one row per issue, names instead of ids where the settings give them, one
/// column per custom attribute; RFC 4180, UTF-8 with BOM, formula-safe cells. The JSON snapshot stays the record.</summary>
internal static class IssueCsv
{
    private static readonly string[] FixedColumns =
    [
        "displayId", "title", "status", "type", "subtype", "assignedTo", "assignedToType", "createdAt", "createdBy", "updatedAt",
        "dueDate", "startDate", "closedAt", "locationId", "locationDetails", "rootCauseCategory", "rootCause", "published", "deleted",
        "comments", "attachments", "id",
    ];

    public static byte[] Write(IssueSnapshot snapshot)
    {
        var names = new SettingNames(snapshot.Settings);
        var text = new StringBuilder();
        text.AppendJoin(',', FixedColumns.Concat(names.Attributes.Select(a => a.Title)).Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var record in snapshot.Issues)
        {
            var issue = record.Issue;
            var (category, cause) = names.RootCause(Text(issue, "rootCauseId"));
            string?[] cells =
            [
                Text(issue, "displayId"), Text(issue, "title"), Text(issue, "status"), names.Name(Text(issue, "issueTypeId")),
                names.Name(Text(issue, "issueSubtypeId")), Text(issue, "assignedTo"), Text(issue, "assignedToType"), Text(issue, "createdAt"),
                Text(issue, "createdBy"), Text(issue, "updatedAt"), Text(issue, "dueDate"), Text(issue, "startDate"), Text(issue, "closedAt"),
                Text(issue, "locationId"), Text(issue, "locationDetails"), category, cause, Text(issue, "published"), record.Deleted ? "true" : "false",
                record.Comments.Count.ToString(CultureInfo.InvariantCulture), record.Attachments.Count.ToString(CultureInfo.InvariantCulture), record.Id,
            ];
            var values = AttributeValues(issue, names);
            text.AppendJoin(',', cells.Concat(names.Attributes.Select(a => values.GetValueOrDefault(a.Id))).Select(ManifestCsv.Field)).Append("\r\n");
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static Dictionary<string, string?> AttributeValues(JsonElement issue, SettingNames names)
    {
        var values = new Dictionary<string, string?>(StringComparer.Ordinal);
        if (issue.TryGetProperty("customAttributes", out var attributes) && attributes.ValueKind == JsonValueKind.Array)
        {
            foreach (var attribute in attributes.EnumerateArray())
            {
                if (Text(attribute, "attributeDefinitionId") is { } id)
                {
                    var value = Text(attribute, "value");
                    values[id] = names.Option(value) ?? value;
                }
            }
        }

        return values;
    }

    /// <summary>A member as text: strings as they are, numbers and booleans as JSON writes them; null when absent or null.</summary>
    internal static string? Text(JsonElement element, string name) =>
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

    /// <summary>Names for the ids an issue carries: types, subtypes, root causes, attribute definitions and list options.</summary>
    private sealed class SettingNames
    {
        private readonly Dictionary<string, string> names = new(StringComparer.Ordinal);
        private readonly Dictionary<string, (string? Category, string? Cause)> causes = new(StringComparer.Ordinal);
        private readonly Dictionary<string, string> options = new(StringComparer.Ordinal);

        public SettingNames(IssueSettingsRecord settings)
        {
            foreach (var type in settings.IssueTypes)
            {
                Add(type);
                foreach (var subtype in Children(type, "subtypes"))
                {
                    Add(subtype);
                }
            }

            foreach (var category in settings.RootCauseCategories)
            {
                foreach (var cause in Children(category, "rootCauses"))
                {
                    if (Text(cause, "id") is { } id)
                    {
                        causes[id] = (Text(category, "title"), Text(cause, "title"));
                    }
                }
            }

            Attributes = [.. settings.AttributeDefinitions.Select(d => (Id: Text(d, "id") ?? "", Title: Text(d, "title") ?? Text(d, "id") ?? "")).Where(a => a.Id.Length > 0)];
            foreach (var definition in settings.AttributeDefinitions)
            {
                if (definition.TryGetProperty("metadata", out var metadata) && metadata.ValueKind == JsonValueKind.Object
                    && metadata.TryGetProperty("list", out var list) && list.ValueKind == JsonValueKind.Object)
                {
                    foreach (var option in Children(list, "options"))
                    {
                        if (Text(option, "id") is { } id && Text(option, "value") is { } value)
                        {
                            options[id] = value;
                        }
                    }
                }
            }
        }

        public IReadOnlyList<(string Id, string Title)> Attributes { get; }

        public string? Name(string? id) => id is null ? null : names.GetValueOrDefault(id, id);

        public (string? Category, string? Cause) RootCause(string? id) => id is null ? (null, null) : causes.GetValueOrDefault(id, (null, id));

        public string? Option(string? id) => id is null ? null : options.GetValueOrDefault(id);

        private void Add(JsonElement element)
        {
            if (Text(element, "id") is { } id && Text(element, "title") is { } title)
            {
                names[id] = title;
            }
        }

        private static JsonElement[] Children(JsonElement parent, string name) =>
            parent.ValueKind == JsonValueKind.Object && parent.TryGetProperty(name, out var children) && children.ValueKind == JsonValueKind.Array
                ? [.. children.EnumerateArray()]
                : [];
    }
}
