using System.Globalization;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Modules.Sheets;

/// <summary>Reads ACC Sheets v1 with the app's own token, inside its quotas (100/min per endpoint) and the APS retries:
/// sheets of every collection (one pass of live sheets, one of deleted ones: never both in one call), version sets,
/// collections, and exports (<c>POST exports</c>, then <c>GET exports/{id}</c>). Elements are returned whole, as APS sent them.</summary>
public sealed class SheetsClient(ApsTransport transport)
{
    /// <summary>The largest page APS serves for sheets.</summary>
    public const int SheetPageLimit = 100;

    /// <summary>The largest (and default) page APS serves for version sets.</summary>
    public const int VersionSetPageLimit = 200;

    /// <summary>The page asked for collections.</summary>
    public const int CollectionPageLimit = 100;

    /// <summary>The most sheets one export takes (they become one PDF).</summary>
    public const int MaxSheetsPerExport = 1000;

    /// <summary>Every sheet, every issuance (<c>currentOnly=false</c>) of every collection (<c>collectionId=*</c>): the live ones,
    /// or (<paramref name="deleted"/>) only the deleted ones.</summary>
    public IAsyncEnumerable<JsonElement> ListSheetsAsync(string projectId, bool deleted, CancellationToken cancellationToken) =>
        PagesAsync(ApsEndpoint.SheetsSheets, projectId, $"sheets?collectionId=*&currentOnly=false&isDeleted={(deleted ? "true" : "false")}&", SheetPageLimit, cancellationToken);

    /// <summary>Every version set of every collection.</summary>
    public IAsyncEnumerable<JsonElement> ListVersionSetsAsync(string projectId, CancellationToken cancellationToken) =>
        PagesAsync(ApsEndpoint.SheetsVersionSets, projectId, "version-sets?collectionId=*&", VersionSetPageLimit, cancellationToken);

    /// <summary>Every collection.</summary>
    public IAsyncEnumerable<JsonElement> ListCollectionsAsync(string projectId, CancellationToken cancellationToken) =>
        PagesAsync(ApsEndpoint.SheetsCollections, projectId, "collections?", CollectionPageLimit, cancellationToken);

    /// <summary>Starts the export of <paramref name="sheetIds"/> (at most <see cref="MaxSheetsPerExport"/>) as one PDF with their
    /// published markups; returns the export's id.</summary>
    public async Task<string> StartExportAsync(string projectId, IReadOnlyList<string> sheetIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(sheetIds);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(sheetIds.Count, MaxSheetsPerExport);
        var body = JsonSerializer.SerializeToUtf8Bytes(new SheetExportRequest(sheetIds, new SheetExportRequestOptions(new SheetMarkupSelection(true, false, false))),
            SheetJsonContext.Default.SheetExportRequest);
        using var json = await transport.PostJsonAsync(ApsEndpoint.SheetsExports, Url(projectId, "exports"), body, cancellationToken).ConfigureAwait(false);
        return new JsonApiReader(ApsEndpoint.SheetsExports).RequiredString(json.RootElement, "id");
    }

    /// <summary>Where an export stands: <c>processing</c>, <c>successful</c> (with the PDF's signed URL, valid an hour) or <c>failed</c> (with why).</summary>
    public async Task<SheetExportStatus> GetExportAsync(string projectId, string exportId, CancellationToken cancellationToken)
    {
        using var json = await transport.GetJsonAsync(ApsEndpoint.SheetsExports, Url(projectId, "exports/" + Uri.EscapeDataString(exportId)), cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.SheetsExports);
        var status = reader.RequiredString(json.RootElement, "status");
        var result = json.RootElement.TryGetProperty("result", out var r) && r.ValueKind == JsonValueKind.Object ? r : default;
        var url = result.ValueKind == JsonValueKind.Object && result.TryGetProperty("output", out var output) && output.TryGetProperty("signedUrl", out var signed)
            ? signed.GetString() : null;
        var error = result.ValueKind == JsonValueKind.Object && result.TryGetProperty("error", out var e) ? e.GetRawText() : null;
        return new SheetExportStatus(status, url is null ? null : new Uri(url, UriKind.Absolute), error);
    }

    /// <summary>The Sheets API's project id: the GUID (it takes <c>b.</c> too, but one form keeps URLs and quotas alike).</summary>
    public static string SheetsProjectId(string projectId) => projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId;

    private IAsyncEnumerable<JsonElement> PagesAsync(ApsEndpoint endpoint, string projectId, string pathAndQuery, int limit, CancellationToken cancellationToken) =>
        OffsetPages.ReadAsync(endpoint, (offset, ct) => transport.GetJsonAsync(
            endpoint, Url(projectId, string.Create(CultureInfo.InvariantCulture, $"{pathAndQuery}limit={limit}&offset={offset}")), ct), cancellationToken);

    private static Uri Url(string projectId, string relative) =>
        new($"construction/sheets/v1/projects/{Uri.EscapeDataString(SheetsProjectId(projectId))}/{relative}", UriKind.Relative);
}

/// <summary>Where one export stands.</summary>
/// <param name="Status"><c>processing</c>, <c>successful</c> or <c>failed</c>.</param>
/// <param name="SignedUrl">The PDF once successful (valid an hour; never stored).</param>
/// <param name="Error">APS's <c>result.error</c> when failed, as JSON.</param>
public sealed record SheetExportStatus(string Status, Uri? SignedUrl, string? Error);
