using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Rfis;

/// <summary>
/// What the RFIs API checks after the gateway (<see cref="RequestGate"/>, which also counts its quota of 100 a minute per app):
/// a user-context token with data:read (a client-credentials token gets 403), a known project (id without <c>b.</c>) the
/// user is invited to.
/// </summary>
internal sealed class RfiAccessFilter(EmulatorState state) : IEndpointFilter
{
    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var http = context.HttpContext;
        if (state.Tokens.UserOf(http.Request.Headers.Authorization) is not { } user)
        {
            return Forbidden("The RFIs API needs a user-context token (three-legged, or a Secure Service Account's); a client-credentials token is not supported.");
        }

        if (!user.Scopes.Contains("data:read"))
        {
            return Forbidden("The token lacks the data:read scope.");
        }

        var projectId = http.GetRouteValue("projectId")?.ToString() ?? "";
        if (RfiEndpoints.Project(state, projectId) is not { } project)
        {
            return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Project '{projectId}' not found (the RFIs API takes the project id without 'b.').", "ERR_NOT_FOUND");
        }

        if (state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(project))
        {
            return Forbidden($"User '{user.UserId}' is not a member of project '{projectId}'.");
        }

        return await next(context);
    }

    private static IResult Forbidden(string message) => ApsErrors.Gateway(StatusCodes.Status403Forbidden, message, "ERR_FORBIDDEN");
}
