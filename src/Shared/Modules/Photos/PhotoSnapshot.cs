using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Photos;

/// <summary>One project's Photos as of one run: every photo and video (the record, as APS listed it), where each one's bytes are,
/// and the links of its photos to issues, RFIs, forms and the like, written once under that run.</summary>
/// <param name="ExportedAt">When this export began.</param>
/// <param name="BasedOnRunId">The run whose stored bytes and links this one started from; null on a first read.</param>
/// <param name="SyncToken">The Relationships sync token after this run's sync: the next night asks only for what changed since.</param>
/// <param name="LinksRead"><c>full</c> (every link read: a first night, or a token refused), or <c>changes</c> (the links made and
/// removed since the run before, applied to its links).</param>
/// <param name="Links">Every link that held, whole as the sync gave it, by id.</param>
public sealed record PhotoSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    string? BasedOnRunId,
    string SyncToken,
    string LinksRead,
    IReadOnlyList<PhotoRecord> Photos,
    IReadOnlyList<JsonElement> Links);

/// <summary>Source-generated JSON for Photos snapshots.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(PhotoSnapshot))]
internal sealed partial class PhotoJsonContext : JsonSerializerContext;
