using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Members;

/// <summary>One project's members as of one run: the record (JSON, each member whole as the Admin API sent it), written once.</summary>
/// <param name="Members">The active and pending members, then those removed from the project.</param>
public sealed record MemberSnapshot(string ProjectId, string ProjectName, string RunId, DateTimeOffset ExportedAt, IReadOnlyList<JsonElement> Members)
{
    /// <summary>Members removed from the project.</summary>
    [JsonIgnore]
    public int Removed => Members.Count(m => ModuleJson.Text(m, "status") == "deleted");
}

/// <summary>Source-generated JSON for member snapshots.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(MemberSnapshot))]
internal sealed partial class MemberJsonContext : JsonSerializerContext;
