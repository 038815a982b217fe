using System.Text.Json.Serialization;

namespace AccBackup.Modules.Permissions;

/// <summary>One project's folder permissions as of one run, complete on its own (folders not read again are carried from the run
/// before), written once under that run.</summary>
/// <param name="FullReadAt">When every folder was last read (this run, or one it was based on): the next full read is due from it.</param>
/// <param name="BasedOnRunId">The run whose records this one carried for the folders not read again; null on a full read.</param>
public sealed record PermissionSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    DateTimeOffset FullReadAt,
    string? BasedOnRunId,
    IReadOnlyList<FolderPermissionRecord> Folders);

/// <summary>Source-generated JSON for permission snapshots.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(PermissionSnapshot))]
internal sealed partial class PermissionJsonContext : JsonSerializerContext;
