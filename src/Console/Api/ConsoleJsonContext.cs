using System.Text.Json.Serialization;
using AccBackup.BackupConsole.Browse;
using AccBackup.BackupConsole.Nights;
using AccBackup.BackupConsole.Restores;

namespace AccBackup.BackupConsole.Api;

/// <summary>Source-generated JSON of the console's answers: camelCase, nulls left out.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(NightList))]
[JsonSerializable(typeof(NightDetail))]
[JsonSerializable(typeof(ProjectList))]
[JsonSerializable(typeof(FolderListing))]
[JsonSerializable(typeof(SearchResult))]
[JsonSerializable(typeof(FileVersions))]
[JsonSerializable(typeof(RestoreView))]
[JsonSerializable(typeof(RestoreAsk))]
[JsonSerializable(typeof(RestoreStarted))]
internal sealed partial class ConsoleJsonContext : JsonSerializerContext;
