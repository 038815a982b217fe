using System.Text.Json.Serialization;
using AccBackup.Backup;
using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>Source-generated JSON for a run's working records (NDJSON chunks).</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull, UseStringEnumConverter = true)]
[JsonSerializable(typeof(InventoryRecord))]
[JsonSerializable(typeof(FolderRef))]
[JsonSerializable(typeof(ManifestEntry))]
[JsonSerializable(typeof(FolderWaveInput))]
[JsonSerializable(typeof(FolderWaveResult))]
[JsonSerializable(typeof(ChunkCopyInput))]
[JsonSerializable(typeof(ChunkCopyResult))]
[JsonSerializable(typeof(IssueExportInput))]
[JsonSerializable(typeof(IssueExportSummary))]
internal sealed partial class RunJsonContext : JsonSerializerContext;
