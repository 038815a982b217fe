using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Issues;

/// <summary>
/// What the Issues API checks after the gateway (<see cref="RequestGate"/>) accepted the token: a user-context token with
/// data:read (a client-credentials token gets 403), a known project (id without <c>b.</c>) the user is invited to, and the
/// per-user quota (500/min: one service account is one budget).
/// </summary>
internal sealed class IssueAccessFilter(EmulatorState state) : IEndpointFilter
{
    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var http = context.HttpContext;
        if (state.Tokens.UserOf(http.Request.Headers.Authorization) is not { } user)
        {
            return Forbidden("The Issues API needs a user-context token (three-legged, or a Secure Service Account's); a client-credentials token is not supported.");
        }

        if (!user.Scopes.Contains("data:read"))
        {
            return Forbidden("The token lacks the data:read scope.");
        }

        var projectId = http.GetRouteValue("projectId")?.ToString() ?? "";
        if (IssueEndpoints.Project(state, projectId) is not { } project)
        {
            return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Project '{projectId}' not found (the Issues API takes the project id without 'b.').", "ERR_NOT_FOUND");
        }

        if (state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(project.ProjectGuid))
        {
            return Forbidden($"User '{user.UserId}' is not a member of project '{projectId}'.");
        }

        if (!state.Quotas.TryAcquire(EndpointCategory.Issues, user.UserId, out var retryAfter))
        {
            await ApsErrors.WriteQuotaExceededAsync(http, state.Quotas.Options.OmitRetryAfter ? null : retryAfter);
            return Results.Empty;
        }

        return await next(context);
    }

    private static IResult Forbidden(string message) => ApsErrors.Gateway(StatusCodes.Status403Forbidden, message, "ERR_FORBIDDEN");
}
