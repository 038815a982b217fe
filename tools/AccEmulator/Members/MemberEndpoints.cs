using AccEmulator.Endpoints;
using AccEmulator.Hosting;
using AccEmulator.Issues;

namespace AccEmulator.Members;

/// <summary>
/// The ACC Admin API's project users (<c>GET /construction/admin/v1/projects/{projectId}/users</c>, <c>b.</c> optional): offset
/// paging (<c>limit</c> 1–200, default 20) in the linked envelope, <c>filter[status]</c> (comma-separated <c>active</c>,
/// <c>pending</c>, <c>deleted</c>; default active and pending). The app's token or a user's (a service account must be invited).
/// </summary>
internal static class MemberEndpoints
{
    public const int MaxLimit = 200;
    public const int DefaultLimit = 20;

    private static readonly string[] Statuses = ["active", "pending", "deleted"];

    public static void Map(WebApplication app) =>
        app.MapGet("/construction/admin/v1/projects/{projectId}/users", ListUsers).Aps(EndpointCategory.ProjectUsers);

    private static IResult ListUsers(string projectId, HttpRequest request, EmulatorState state)
    {
        if (!IssuePage.TryParse(request.Query, MaxLimit, out var page, out var error))
        {
            return ApsErrors.Gateway(StatusCodes.Status400BadRequest, error!, "ERR_BAD_INPUT");
        }

        page = request.Query.ContainsKey("limit") ? page : page with { Limit = DefaultLimit };
        var statuses = request.Query["filter[status]"].ToString() is { Length: > 0 } text
            ? text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries)
            : ["active", "pending"];
        if (statuses.FirstOrDefault(s => !Statuses.Contains(s)) is { } unknown)
        {
            return ApsErrors.Gateway(StatusCodes.Status400BadRequest, $"filter[status] takes active, pending and deleted, not '{unknown}'.", "ERR_BAD_INPUT");
        }

        var guid = Guid.TryParse(projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId, out var g) ? g : Guid.Empty;
        lock (state.Members.SyncRoot)
        {
            if (state.Members.Find(guid) is not { } members)
            {
                return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Project '{projectId}' not found.", "ERR_NOT_FOUND");
            }

            if (state.Tokens.UserOf(request.Headers.Authorization) is { } user
                && state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(guid))
            {
                return ApsErrors.Gateway(StatusCodes.Status403Forbidden, $"User '{user.UserId}' is not a member of project '{projectId}'.", "ERR_FORBIDDEN");
            }

            return LinkedPage.Result(request, page, members.Where(m => statuses.Contains(m.Status)).ToList(), MemberJson.WriteMember);
        }
    }
}
