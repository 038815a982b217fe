using System.Text.Json.Serialization;
using AccBackup.Backup.Listing;
using AccBackup.Manifest;
using AccBackup.Runs.Activities;

namespace AccBackup.Runs.State;

/// <summary>Source-generated JSON for a run's working records (NDJSON chunks).</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull, UseStringEnumConverter = true)]
[JsonSerializable(typeof(InventoryRecord))]
[JsonSerializable(typeof(FolderRef))]
[JsonSerializable(typeof(ManifestEntry))]
[JsonSerializable(typeof(ListFoldersInput))]
[JsonSerializable(typeof(ListFoldersResult))]
[JsonSerializable(typeof(CopyChunkInput))]
[JsonSerializable(typeof(CopyChunkResult))]
[JsonSerializable(typeof(ExportIssuesInput))]
[JsonSerializable(typeof(ExportIssuesResult))]
[JsonSerializable(typeof(ExportModuleInput))]
[JsonSerializable(typeof(ExportModuleResult))]
internal sealed partial class RunJsonContext : JsonSerializerContext;
