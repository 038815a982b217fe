using System.Text.Json;
using AccBackup.Runs;

namespace AccBackup.Functions.Api;

/// <summary>Reads the body of <c>POST /api/backups</c>: every field optional, unknown fields and wrong types refused with
/// the field's name.</summary>
/// <remarks>Read member by member from a <see cref="JsonDocument"/> rather than deserialized, so that every refusal
/// names its field from the document itself (a serializer's exception says it only in its message text).</remarks>
internal static class StartBackupBody
{
    /// <summary>The fields a body may hold, as they are spelled in the API.</summary>
    public static readonly IReadOnlyList<string> Fields = ["projects", "excludeProjects", "dryRun", "fullRescan", "forceCopy"];

    /// <summary>The run request <paramref name="body"/> asks for, or the problem with it.</summary>
    public static StartBodyParse Parse(ReadOnlyMemory<byte> body)
    {
        if (body.Span.Trim(" \t\r\n"u8).IsEmpty)
        {
            return new(new BackupRunRequest(), null);
        }

        JsonDocument document;
        try
        {
            document = JsonDocument.Parse(body);
        }
        catch (JsonException)
        {
            return Refused(null, "the body is not valid JSON");
        }

        using (document)
        {
            return document.RootElement.ValueKind == JsonValueKind.Object
                ? Read(document.RootElement)
                : Refused(null, "the body must be a JSON object (or empty)");
        }
    }

    private static StartBodyParse Read(JsonElement body)
    {
        IReadOnlyList<string>? projects = null, excluded = null;
        bool dryRun = false, fullRescan = false, forceCopy = false;
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var member in body.EnumerateObject())
        {
            var field = Fields.FirstOrDefault(f => string.Equals(f, member.Name, StringComparison.OrdinalIgnoreCase));
            if (field is null)
            {
                return Refused(member.Name, $"field '{member.Name}' is not known (known: {string.Join(", ", Fields)})");
            }

            if (!seen.Add(field))
            {
                return Refused(field, $"field '{field}' is given more than once");
            }

            var problem = field switch
            {
                "projects" => ProjectList(field, member.Value, out projects),
                "excludeProjects" => ProjectList(field, member.Value, out excluded),
                "dryRun" => Flag(field, member.Value, out dryRun),
                "fullRescan" => Flag(field, member.Value, out fullRescan),
                _ => Flag(field, member.Value, out forceCopy),
            };
            if (problem is not null)
            {
                return Refused(field, problem);
            }
        }

        return new(new BackupRunRequest(
            RunId: null,
            IncludeProjects: projects is { Count: > 0 } ? string.Join(",", projects) : null,
            ExcludeProjects: excluded is null ? null : string.Join(",", excluded),
            DryRun: dryRun,
            ForceCopy: forceCopy,
            FullRescan: fullRescan), null);
    }

    /// <summary>A list of project names or ids: a JSON array of strings, or one comma-separated string.</summary>
    private static string? ProjectList(string field, JsonElement value, out IReadOnlyList<string>? list)
    {
        list = null;
        string[] entries;
        if (value.ValueKind == JsonValueKind.String)
        {
            entries = value.GetString()!.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        }
        else if (value.ValueKind == JsonValueKind.Array)
        {
            entries = new string[value.GetArrayLength()];
            var i = 0;
            foreach (var entry in value.EnumerateArray())
            {
                var name = entry.ValueKind == JsonValueKind.String ? entry.GetString()! : null;
                if (string.IsNullOrWhiteSpace(name) || name.Contains(',', StringComparison.Ordinal))
                {
                    return $"field '{field}': entry {i} must be a non-empty project name or id without commas";
                }

                entries[i++] = name.Trim();
            }
        }
        else
        {
            return $"field '{field}' must be a list of project names or ids, or one comma-separated string";
        }

        list = entries;
        return null;
    }

    private static string? Flag(string field, JsonElement value, out bool flag)
    {
        flag = value.ValueKind == JsonValueKind.True;
        return value.ValueKind is JsonValueKind.True or JsonValueKind.False ? null : $"field '{field}' must be true or false";
    }

    private static StartBodyParse Refused(string? field, string problem) => new(null, new BodyProblem(field, problem));
}

/// <summary>A parsed start request, or why it was refused.</summary>
internal sealed record StartBodyParse(BackupRunRequest? Request, BodyProblem? Problem);

/// <summary>What is wrong with a request: the field (null when the body as a whole is wrong) and a sentence naming it.</summary>
internal sealed record BodyProblem(string? Field, string Detail);
