using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Forms;

/// <summary>One project's forms as of one run: the record (JSON, each form and template whole as APS sent it), written once
/// under that run.</summary>
/// <param name="ExportedAt">When this export began: the next night's <c>updatedAfter</c> starts here (less the overlap).</param>
/// <param name="FullReadAt">When every form was last listed (this run, or one it was based on): the next full read is due from it.</param>
/// <param name="UpdatedSince">Where this run's <c>updatedAfter</c> was; null when it listed every form.</param>
/// <param name="BasedOnRunId">The run whose records this one carried for the forms that had not changed; null on a first read.</param>
/// <param name="Templates">Every form template, inactive ones too (listed whole each night: a page per 50), a PDF template with its
/// stored PDF.</param>
public sealed record FormSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    DateTimeOffset FullReadAt,
    DateTimeOffset? UpdatedSince,
    string? BasedOnRunId,
    IReadOnlyList<FormTemplateRecord> Templates,
    IReadOnlyList<FormRecord> Forms);

/// <summary>Source-generated JSON for form snapshots.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(FormSnapshot))]
[JsonSerializable(typeof(StoredModuleFile))]
internal sealed partial class FormJsonContext : JsonSerializerContext;
