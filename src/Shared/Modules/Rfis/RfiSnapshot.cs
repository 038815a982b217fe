using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Rfis;

/// <summary>One project's RFIs as of one run: the record (JSON, each RFI whole as APS sent it), written once under that run.</summary>
/// <param name="ExportedAt">When this export began: the next night's <c>filter.updatedAt</c> range starts here (less the overlap).</param>
/// <param name="FullReadAt">When every RFI was last listed (this run, or one it was based on): the next full read is due from it.</param>
/// <param name="UpdatedSince">Where this run's range began; null when it listed every RFI.</param>
/// <param name="BasedOnRunId">The run whose records this one carried for the RFIs that had not changed; null on a first read.</param>
public sealed record RfiSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    DateTimeOffset FullReadAt,
    DateTimeOffset? UpdatedSince,
    string? BasedOnRunId,
    IReadOnlyList<RfiRecord> Rfis);

/// <summary>Source-generated JSON for RFI snapshots.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(RfiSnapshot))]
internal sealed partial class RfiJsonContext : JsonSerializerContext;
