using System.Globalization;
using System.Text.Json;
using AccBackup.AccRestore;
using AccBackup.AccRestore.Target;

namespace AccBackup.Functions.Restores;

/// <summary>Reads the body of <c>POST /api/restores</c>: the CLI's selection (<c>run</c> | <c>asOf</c> | <c>version</c>, <c>project</c>,
/// <c>path</c>), <c>target</c>, <c>apply</c> (false by default: a plan), <c>allVersions</c> and <c>restoreId</c>; a wrong field is named.</summary>
internal static class StartRestoreBody
{
    /// <summary>The fields a body may hold.</summary>
    public static readonly IReadOnlyList<string> Fields = ["restoreId", "run", "asOf", "project", "path", "version", "target", "apply", "allVersions"];

    private static readonly string[] RunChoices = ["run", "asOf", "version"];

    /// <summary>The request, or the field at fault and why.</summary>
    public static (AccRestoreRequest? Request, string? Field, string? Problem) Parse(ReadOnlyMemory<byte> body, DateTimeOffset now)
    {
        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(body.Span.Trim(" \t\r\n"u8).IsEmpty ? "{}"u8.ToArray() : body);
        }
        catch (JsonException)
        {
            return (null, null, "the body is not valid JSON");
        }

        using (document)
        {
            if (document.RootElement.ValueKind != JsonValueKind.Object)
            {
                return (null, null, "the body must be a JSON object");
            }

            var values = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
            foreach (var member in document.RootElement.EnumerateObject())
            {
                var field = Fields.FirstOrDefault(f => string.Equals(f, member.Name, StringComparison.OrdinalIgnoreCase));
                if (field is null)
                {
                    return (null, member.Name, $"field '{member.Name}' is not known (known: {string.Join(", ", Fields)})");
                }

                values[field] = member.Value.Clone();
            }

            return Read(values, now);
        }
    }

    private static (AccRestoreRequest?, string?, string?) Read(Dictionary<string, JsonElement> values, DateTimeOffset now)
    {
        foreach (var (field, value) in values)
        {
            var expected = field switch
            {
                "apply" or "allVersions" => value.ValueKind is JsonValueKind.True or JsonValueKind.False ? null : "true or false",
                "version" => value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out var n) && n >= 1 ? null : "a whole number from 1",
                "asOf" => value.ValueKind == JsonValueKind.String && DateTimeOffset.TryParse(value.GetString(), CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out _) ? null : "an ISO 8601 time",
                _ => value.ValueKind == JsonValueKind.String && !string.IsNullOrWhiteSpace(value.GetString()) ? null : "a non-empty string",
            };
            if (expected is not null)
            {
                return (null, field, $"field '{field}' must be {expected}");
            }
        }

        string? Text(string field) => values.TryGetValue(field, out var v) ? v.GetString() : null;
        bool Flag(string field) => values.TryGetValue(field, out var v) && v.GetBoolean();
        var chosen = RunChoices.Count(values.ContainsKey);
        if (chosen > 1)
        {
            return (null, "run", "give at most one of 'run', 'asOf' and 'version' (none: the latest run)");
        }

        if (values.ContainsKey("version") && Text("path") is null)
        {
            return (null, "path", "'version' restores one file: give its ACC path in 'path'");
        }

        if (Text("target") is { } target)
        {
            try
            {
                RestoreTargetPath.ParseTarget(target);
            }
            catch (ArgumentException e)
            {
                return (null, "target", e.Message);
            }
        }

        var id = Text("restoreId") ?? "restore-" + now.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture);
        if (id.Length > 80 || !id.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '_' or '.'))
        {
            return (null, "restoreId", "field 'restoreId' must be 1-80 letters, digits, '-', '_' or '.'");
        }

        DateTimeOffset? asOf = Text("asOf") is { } at ? DateTimeOffset.Parse(at, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal) : null;
        int? version = values.TryGetValue("version", out var number) ? number.GetInt32() : null;
        return (new AccRestoreRequest(id, Text("run") ?? "latest", asOf, Text("project"), Text("path"), version, Text("target"), Flag("apply"), Flag("allVersions")), null, null);
    }
}
