using System.Text.Json.Serialization;

namespace AccBackup.Modules.Sheets;

/// <summary>Source-generated JSON for sheet snapshots and export requests.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, WriteIndented = true)]
[JsonSerializable(typeof(SheetSnapshot))]
[JsonSerializable(typeof(SheetExportRequest))]
internal sealed partial class SheetJsonContext : JsonSerializerContext;

/// <summary>The body of <c>POST exports</c>.</summary>
internal sealed record SheetExportRequest(IReadOnlyList<string> Sheets, SheetExportRequestOptions Options);

/// <summary>An export's options: which standard markups it draws.</summary>
internal sealed record SheetExportRequestOptions(SheetMarkupSelection StandardMarkups);

/// <summary>Published markups are everyone's record; unpublished ones are only the caller's, so never asked for.</summary>
internal sealed record SheetMarkupSelection(bool IncludePublishedMarkups, bool IncludeUnpublishedMarkups, bool IncludeMarkupLinks);
