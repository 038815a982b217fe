using System.Text.Json.Serialization;
using AccBackup.Manifest.Catalog;

namespace AccBackup.Manifest.Serialization;

/// <summary>Source-generated JSON for manifests: camelCase, enums as strings, nulls left out.</summary>
[JsonSourceGenerationOptions(
    PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    UseStringEnumConverter = true)]
[JsonSerializable(typeof(ManifestSummary))]
[JsonSerializable(typeof(ManifestEntry))]
[JsonSerializable(typeof(LatestRun))]
[JsonSerializable(typeof(RunManifest))]
internal sealed partial class ManifestJsonContext : JsonSerializerContext;
