using System.Text.Json.Serialization;
using AccBackup.BackupConsole.Browse;
using AccBackup.BackupConsole.Nights;

namespace AccBackup.BackupConsole.Api;

/// <summary>Source-generated JSON of the console's answers: camelCase, nulls left out.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(NightList))]
[JsonSerializable(typeof(NightDetail))]
[JsonSerializable(typeof(ProjectList))]
[JsonSerializable(typeof(FolderListing))]
[JsonSerializable(typeof(SearchResult))]
[JsonSerializable(typeof(FileVersions))]
internal sealed partial class ConsoleJsonContext : JsonSerializerContext;
