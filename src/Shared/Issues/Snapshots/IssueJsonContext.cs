using System.Text.Json.Serialization;

namespace AccBackup.Issues.Snapshots;

/// <summary>Source-generated JSON for issue snapshots.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(IssueSnapshot))]
internal sealed partial class IssueJsonContext : JsonSerializerContext;
