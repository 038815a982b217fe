using System.Globalization;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;
using AccEmulator.Issues;

namespace AccEmulator.Sheets;

/// <summary>
/// The ACC Sheets API v1 (<c>/construction/sheets/v1/projects/{projectId}/…</c>, <c>b.</c> optional): sheets with offset paging,
/// <c>currentOnly</c>, <c>isDeleted</c>, <c>collectionId</c> (absent: ungrouped only; <c>*</c>: every collection) and
/// <c>filter[versionSetId]</c>; version sets; collections; <c>POST exports</c> → poll <c>GET exports/{id}</c> → a signed PDF URL
/// valid for an hour. The envelope is <c>{pagination{limit,offset,totalResults,nextUrl,previousUrl},results[]}</c>.
/// </summary>
internal static class SheetEndpoints
{
    public const int MaxSheetLimit = 100;
    public const int MaxVersionSetLimit = 200;
    public const int MaxCollectionLimit = 100;
    public const int MaxSheetsPerExport = 1000;

    public static void Map(WebApplication app)
    {
        var project = app.MapGroup("/construction/sheets/v1/projects/{projectId}").AddEndpointFilter<SheetAccessFilter>();
        project.MapGet("/sheets", ListSheets).Aps(EndpointCategory.SheetsSheets);
        project.MapGet("/version-sets", ListVersionSets).Aps(EndpointCategory.SheetsVersionSets);
        project.MapGet("/collections", ListCollections).Aps(EndpointCategory.SheetsCollections);
        project.MapPost("/exports", StartExportAsync).Aps(EndpointCategory.SheetsExports);
        project.MapGet("/exports/{exportId}", GetExport).Aps(EndpointCategory.SheetsExports);
    }

    private static IResult ListSheets(string projectId, HttpRequest request, EmulatorState state)
    {
        var query = request.Query;
        if (!IssuePage.TryParse(query, MaxSheetLimit, out var page, out var error)
            || !TryBool(query, "currentOnly", true, out var currentOnly, out error)
            || !TryBool(query, "isDeleted", false, out var deleted, out error))
        {
            return BadRequest(error!);
        }

        Guid? versionSet = null;
        if (query["filter[versionSetId]"].ToString() is { Length: > 0 } versionSetText)
        {
            if (!Guid.TryParse(versionSetText, out var id))
            {
                return BadRequest("filter[versionSetId] must be a version set id.");
            }

            versionSet = id;
        }

        lock (state.Sheets.SyncRoot)
        {
            var project = Project(state, projectId)!;
            var inCollection = CollectionMatcher(query);
            var matching = project.Sheets
                .Where(s => s.Deleted == deleted && (!currentOnly || s.IsCurrent) && inCollection(s.VersionSet.Collection)
                    && (versionSet is null || s.VersionSet.Id == versionSet))
                .ToList();
            return LinkedPage.Result(request, page, matching, SheetJson.WriteSheet);
        }
    }

    private static IResult ListVersionSets(string projectId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxVersionSetLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Sheets.SyncRoot)
        {
            var inCollection = CollectionMatcher(request.Query);
            var sets = Project(state, projectId)!.VersionSets.Where(v => inCollection(v.Collection));
            if (request.Query["sort"].ToString() == "issuanceDate desc")
            {
                sets = sets.OrderByDescending(v => v.IssuanceDate);
            }

            return LinkedPage.Result(request, page, sets.ToList(), SheetJson.WriteVersionSet);
        }
    }

    private static IResult ListCollections(string projectId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxCollectionLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Sheets.SyncRoot)
        {
            return LinkedPage.Result(request, page, Project(state, projectId)!.Collections, SheetJson.WriteCollection);
        }
    }

    private static async Task<IResult> StartExportAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        SheetExportBody? body;
        try
        {
            body = await request.ReadFromJsonAsync<SheetExportBody>(request.HttpContext.RequestAborted);
        }
        catch (JsonException e)
        {
            return BadRequest("The body is not an export request: " + e.Message);
        }

        if (body?.Sheets is not { Count: > 0 and <= MaxSheetsPerExport } ids)
        {
            return BadRequest($"sheets must list 1 to {MaxSheetsPerExport} sheet ids.");
        }

        lock (state.Sheets.SyncRoot)
        {
            var project = Project(state, projectId)!;
            var sheets = new List<EmulatedSheet>();
            foreach (var id in ids)
            {
                if (!Guid.TryParse(id, out var guid) || project.Sheets.Find(s => s.Id == guid && !s.Deleted) is not { } sheet)
                {
                    return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Sheet '{id}' not found.", "ERR_NOT_FOUND");
                }

                sheets.Add(sheet);
            }

            var job = state.Sheets.StartExport(project, state.SheetIds.NextGuid(), sheets, body.Options?.StandardMarkups?.IncludePublishedMarkups == true,
                state.Options.SheetExportPolls);
            return JsonBody.Object(w => SheetJson.WriteExport(w, job, null), StatusCodes.Status202Accepted);
        }
    }

    private static IResult GetExport(string projectId, string exportId, HttpRequest request, EmulatorState state)
    {
        lock (state.Sheets.SyncRoot)
        {
            if (!Guid.TryParse(exportId, out var id) || !Project(state, projectId)!.Exports.TryGetValue(id, out var job))
            {
                return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Export '{exportId}' not found.", "ERR_NOT_FOUND");
            }

            string? url = null;
            if (job.PollsLeft > 0)
            {
                job.PollsLeft--;
            }
            else
            {
                url = state.Signer.CreateUrl(ApiLinks.For(request).BaseUrl, ExportBucket, job.Pdf.ObjectKey, null, state.Clock.GetUtcNow(), TimeSpan.FromHours(1));
            }

            return JsonBody.Object(w => SheetJson.WriteExport(w, job, url));
        }
    }

    /// <summary>The bucket named in an export's signed URL (the download serves it by object key).</summary>
    public const string ExportBucket = "sheets-exports";

    /// <summary>The project of a route (GUID, with or without <c>b.</c>); null when unknown.</summary>
    internal static ProjectSheets? Project(EmulatorState state, string projectId) =>
        Guid.TryParse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId, out var guid) ? state.Sheets.Find(guid) : null;

    // No collectionId: only what is in no collection; "*": everything; an id: that collection.
    private static Func<EmulatedSheetCollection?, bool> CollectionMatcher(IQueryCollection query) =>
        query["collectionId"].ToString() switch
        {
            "" => c => c is null,
            "*" => _ => true,
            var id => c => c is not null && string.Equals(c.Id.ToString("D"), id, StringComparison.OrdinalIgnoreCase),
        };

    private static bool TryBool(IQueryCollection query, string name, bool defaultValue, out bool value, out string? error)
    {
        error = null;
        value = defaultValue;
        if (query[name].ToString() is { Length: > 0 } text && !bool.TryParse(text, out value))
        {
            error = $"{name} must be true or false.";
            return false;
        }

        return true;
    }

    private static IResult BadRequest(string message) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, message, "ERR_BAD_INPUT");
}

/// <summary>The body of <c>POST exports</c>: <c>{"sheets":[ids],"options":{"standardMarkups":{"includePublishedMarkups":true}}}</c>.</summary>
internal sealed record SheetExportBody(IReadOnlyList<string>? Sheets, SheetExportOptions? Options);

/// <summary>An export's options (only the standard markups matter to the emulator).</summary>
internal sealed record SheetExportOptions(string? OutputFileName, SheetMarkupOptions? StandardMarkups);

/// <summary>Which standard markups an export draws.</summary>
internal sealed record SheetMarkupOptions(bool IncludePublishedMarkups, bool IncludeUnpublishedMarkups, bool IncludeMarkupLinks);
