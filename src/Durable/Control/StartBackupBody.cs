using System.Text.Json;
using System.Text.Json.Serialization;
using AccBackup.Runs;

namespace AccBackup.Durable.Control;

/// <summary>The body of <c>POST /api/backups</c>; every field optional, unknown fields refused.</summary>
/// <param name="Projects">Project names or ids to back up (a list, or one comma-separated string); empty or absent = Backup:IncludeProjects.</param>
/// <param name="ExcludeProjects">Project names or ids to leave out; absent = Backup:ExcludeProjects.</param>
public sealed record StartBackupBody(
    [property: JsonConverter(typeof(ProjectListConverter))] IReadOnlyList<string>? Projects = null,
    [property: JsonConverter(typeof(ProjectListConverter))] IReadOnlyList<string>? ExcludeProjects = null,
    bool DryRun = false,
    bool FullRescan = false,
    bool ForceCopy = false)
{
    private static readonly JsonSerializerOptions Strict = new(JsonSerializerDefaults.Web)
    {
        UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
        AllowTrailingCommas = false,
    };

    /// <summary>Reads a request body: the run request, or the name of the bad field and what is wrong with it.</summary>
    public static async Task<StartBodyParse> ParseAsync(Stream body, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(body);
        using var buffer = new MemoryStream();
        await body.CopyToAsync(buffer, cancellationToken).ConfigureAwait(false);
        if (buffer.Length == 0)
        {
            return new StartBodyParse(new BackupRunRequest(), null);
        }

        StartBackupBody? parsed;
        try
        {
            parsed = JsonSerializer.Deserialize<StartBackupBody>(buffer.ToArray(), Strict);
        }
        catch (JsonException e)
        {
            return new StartBodyParse(null, Describe(e));
        }

        return parsed is null
            ? new StartBodyParse(null, "the body must be a JSON object (or empty)")
            : parsed.Validate() is { } problem ? new StartBodyParse(null, problem) : new StartBodyParse(parsed.ToRequest(), null);
    }

    /// <summary>The run request this body asks for.</summary>
    public BackupRunRequest ToRequest() => new(
        RunId: null,
        IncludeProjects: Projects is { Count: > 0 } ? string.Join(",", Projects) : null,
        ExcludeProjects: ExcludeProjects is null ? null : string.Join(",", ExcludeProjects),
        DryRun: DryRun,
        ForceCopy: ForceCopy,
        FullRescan: FullRescan);

    private string? Validate()
    {
        foreach (var (field, list) in new[] { ("projects", Projects), ("excludeProjects", ExcludeProjects) })
        {
            for (var i = 0; list is not null && i < list.Count; i++)
            {
                if (string.IsNullOrWhiteSpace(list[i]) || list[i].Contains(',', StringComparison.Ordinal))
                {
                    return $"field '{field}': entry {i} must be a non-empty project name or id without commas";
                }
            }
        }

        return null;
    }

    private static string Describe(JsonException e)
    {
        var field = e.Path is { Length: > 2 } path && path.StartsWith("$.", StringComparison.Ordinal) ? path[2..] : null;
        if (e.Message.Contains("could not be mapped", StringComparison.Ordinal))
        {
            var name = e.Message.Split('\'') is { Length: > 2 } parts ? parts[1] : field;
            return $"field '{name}' is not known (known: projects, excludeProjects, dryRun, fullRescan, forceCopy)";
        }

        return field is null ? $"the body is not valid JSON: {e.Message}" : $"field '{field}' has the wrong type or value";
    }
}

/// <summary>A parsed start request, or why it was refused.</summary>
public sealed record StartBodyParse(BackupRunRequest? Request, string? Problem);

/// <summary>Reads a project list given as a JSON array of strings or as one comma-separated string.</summary>
internal sealed class ProjectListConverter : JsonConverter<IReadOnlyList<string>>
{
    public override IReadOnlyList<string>? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType == JsonTokenType.String)
        {
            return reader.GetString()!.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        }

        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw new JsonException("Expected a list of project names or ids.");
        }

        var list = new List<string>();
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            list.Add(reader.TokenType == JsonTokenType.String ? reader.GetString()! : throw new JsonException("Expected a project name or id."));
        }

        return list;
    }

    public override void Write(Utf8JsonWriter writer, IReadOnlyList<string> value, JsonSerializerOptions options) =>
        JsonSerializer.Serialize(writer, value, options);
}
