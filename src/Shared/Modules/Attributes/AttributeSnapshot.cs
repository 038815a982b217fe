using System.Text.Json.Serialization;

namespace AccBackup.Modules.Attributes;

/// <summary>One project's custom attributes as of one run, complete on its own (what was not read again is carried from the run
/// before): each listed folder's definitions and each listed version's values, written once under that run.</summary>
/// <param name="FullReadAt">When everything was last read (this run, or one it was based on): the next full read is due from it.</param>
/// <param name="BasedOnRunId">The run whose records this one carried for what it did not read again; null on a full read.</param>
public sealed record AttributeSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    DateTimeOffset FullReadAt,
    string? BasedOnRunId,
    IReadOnlyList<FolderAttributeDefinitions> Folders,
    IReadOnlyList<VersionAttributeValues> Versions);

/// <summary>Source-generated JSON for attribute snapshots and the batch-get request.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(AttributeSnapshot))]
[JsonSerializable(typeof(BatchGetBody))]
internal sealed partial class AttributeJsonContext : JsonSerializerContext;
