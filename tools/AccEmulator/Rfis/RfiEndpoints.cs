using System.Text.Json;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;
using AccEmulator.Issues;

namespace AccEmulator.Rfis;

/// <summary>
/// The ACC RFIs API v3 (<c>/construction/rfis/v3/projects/{projectId}/…</c>, project id without <c>b.</c>): <c>POST search:rfis</c>
/// with body paging (<see cref="RfiSearch"/>) in the envelope <c>{pagination{limit,offset,totalResults},results[]}</c>; one RFI
/// with its responses embedded; its comments (<c>limit</c>/<c>offset</c>); its attachments (<c>limit</c> 1–200, default 10;
/// <c>filter[attachmentTypes]</c>, default <c>rfiOfficialResponse</c> only). Only a user-context token reaches them
/// (<see cref="UserContextAccessFilter"/>); all count against one quota of 100 a minute per app.
/// </summary>
internal static class RfiEndpoints
{
    public const int MaxCommentLimit = 100;
    public const int MaxAttachmentLimit = 200;
    public const int DefaultAttachmentLimit = 10;

    public static void Map(WebApplication app)
    {
        var project = app.MapGroup("/construction/rfis/v3/projects/{projectId}").AddEndpointFilter(new UserContextAccessFilter("RFIs", Project));
        project.MapPost("/search:rfis", SearchAsync).Aps(EndpointCategory.Rfis);
        project.MapGet("/rfis/{rfiId}", GetRfi).Aps(EndpointCategory.Rfis);
        project.MapGet("/rfis/{rfiId}/comments", ListComments).Aps(EndpointCategory.Rfis);
        project.MapGet("/rfis/{rfiId}/attachments", ListAttachments).Aps(EndpointCategory.Rfis);
    }

    /// <summary>The project of a route (a GUID without <c>b.</c>) when the account has it; null otherwise.</summary>
    internal static Guid? Project(EmulatorState state, string projectId)
    {
        if (projectId.StartsWith("b.", StringComparison.Ordinal) || !Guid.TryParse(projectId, out var guid))
        {
            return null;
        }

        lock (state.Rfis.SyncRoot)
        {
            return state.Rfis.Find(guid) is null ? null : guid;
        }
    }

    private static async Task<IResult> SearchAsync(string projectId, HttpRequest request, EmulatorState state)
    {
        JsonElement body;
        try
        {
            body = request.ContentLength == 0 ? JsonDocument.Parse("{}").RootElement : await request.ReadFromJsonAsync<JsonElement>(request.HttpContext.RequestAborted);
        }
        catch (JsonException e)
        {
            return BadRequest("The body is not JSON: " + e.Message);
        }

        if (!RfiSearch.TryParse(body, out var search, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Rfis.SyncRoot)
        {
            var matching = search.Apply(state.Rfis.Find(Guid.Parse(projectId))!).ToList();
            return JsonBody.Object(w => new IssuePage(search.Limit, search.Offset).Write(w, matching, RfiJson.WriteListed));
        }
    }

    private static IResult GetRfi(string projectId, string rfiId, EmulatorState state)
    {
        lock (state.Rfis.SyncRoot)
        {
            return Rfi(state, projectId, rfiId) is { } rfi ? JsonBody.Object(w => RfiJson.WriteWholeMembers(w, rfi)) : RfiNotFound(rfiId);
        }
    }

    private static IResult ListComments(string projectId, string rfiId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxCommentLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        lock (state.Rfis.SyncRoot)
        {
            return Rfi(state, projectId, rfiId) is { } rfi ? JsonBody.Object(w => page.Write(w, rfi.Comments, RfiJson.WriteComment)) : RfiNotFound(rfiId);
        }
    }

    private static IResult ListAttachments(string projectId, string rfiId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxAttachmentLimit, out var page, out var error))
        {
            return BadRequest(error!);
        }

        page = request.Query.ContainsKey("limit") ? page : page with { Limit = DefaultAttachmentLimit };
        var types = request.Query["filter[attachmentTypes]"].ToString() is { Length: > 0 } text
            ? text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)
            : ["rfiOfficialResponse"];
        if (types.FirstOrDefault(t => !RfiGenerator.AttachmentTypes.Contains(t)) is { } unknown)
        {
            return BadRequest($"filter[attachmentTypes] takes {string.Join(", ", RfiGenerator.AttachmentTypes)}, not '{unknown}'.");
        }

        lock (state.Rfis.SyncRoot)
        {
            return Rfi(state, projectId, rfiId) is { } rfi
                ? JsonBody.Object(w => page.Write(w, rfi.Attachments.Where(a => types.Contains(a.AttachmentType)).ToList(), RfiJson.WriteAttachment))
                : RfiNotFound(rfiId);
        }
    }

    private static EmulatedRfi? Rfi(EmulatorState state, string projectId, string rfiId) =>
        Guid.TryParse(rfiId, out var id) && state.Rfis.FindRfi(id) is { } rfi && Guid.TryParse(projectId, out var project) && rfi.ProjectGuid == project ? rfi : null;

    private static IResult BadRequest(string message) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, message, "ERR_BAD_INPUT");

    private static IResult RfiNotFound(string rfiId) => ApsErrors.Gateway(StatusCodes.Status404NotFound, $"RFI '{rfiId}' not found.", "ERR_NOT_FOUND");
}
