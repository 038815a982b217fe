using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Sheets;

/// <summary>One project's Sheets tool as of one run: the record (JSON, nothing flattened), written once under that run.</summary>
/// <param name="BasedOnRunId">The run whose PDFs this one carried where a version set had not changed; null on a full read.</param>
/// <param name="Sheets">Every sheet, every issuance, of every collection: the live ones, then the deleted ones.</param>
public sealed record SheetSnapshot(
    string ProjectId,
    string ProjectName,
    string RunId,
    DateTimeOffset ExportedAt,
    string? BasedOnRunId,
    IReadOnlyList<JsonElement> Collections,
    IReadOnlyList<VersionSetRecord> VersionSets,
    IReadOnlyList<JsonElement> Sheets)
{
    /// <summary>Sheets of the deleted pass.</summary>
    [JsonIgnore]
    public int DeletedSheets => Sheets.Count(s => s.TryGetProperty("deleted", out var d) && d.ValueKind == JsonValueKind.True);
}

/// <summary>A version set with its PDF: the live sheets it holds, as one or more exported PDFs (up to 1000 sheets each) with
/// their published markups.</summary>
/// <param name="SheetIds">The live sheets of the version set, in the order the PDF holds them.</param>
/// <param name="Fingerprint">SHA-256 of what the PDF shows (the version set, each sheet's id and updatedAt): an equal fingerprint
/// the next night means the stored PDF still holds, so it is not exported again. Null when the set has no live sheet.</param>
/// <param name="Pdfs">The stored PDF parts, in sheet order; empty when none is stored.</param>
/// <param name="PdfError">Why the PDF is not stored (an export failed or timed out); null otherwise.</param>
public sealed record VersionSetRecord(JsonElement VersionSet, IReadOnlyList<string> SheetIds, string? Fingerprint, IReadOnlyList<StoredModuleFile> Pdfs, string? PdfError)
{
    /// <summary>The version set's id.</summary>
    [JsonIgnore]
    public string Id => VersionSet.GetProperty("id").GetString()!;
}
