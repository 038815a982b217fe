using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Sheets;

/// <summary>
/// What the Sheets API checks after the gateway (<see cref="RequestGate"/>, which also counts its per-endpoint quota):
/// the app's own token or a user's (a service account must be invited to the project), a known project (with or without
/// <c>b.</c>), and the Sheets tool activated on it.
/// </summary>
internal sealed class SheetAccessFilter(EmulatorState state) : IEndpointFilter
{
    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var http = context.HttpContext;
        var projectId = http.GetRouteValue("projectId")?.ToString() ?? "";
        if (SheetEndpoints.Project(state, projectId) is not { } project)
        {
            return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Project '{projectId}' not found.", "ERR_NOT_FOUND");
        }

        if (state.Tokens.UserOf(http.Request.Headers.Authorization) is { } user
            && state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(project.ProjectGuid))
        {
            return ApsErrors.Gateway(StatusCodes.Status403Forbidden, $"User '{user.UserId}' is not a member of project '{projectId}'.", "ERR_FORBIDDEN");
        }

        if (!project.Activated)
        {
            return ApsErrors.Gateway(StatusCodes.Status403Forbidden, $"The Sheets tool is not activated on project '{projectId}'.", "ERR_NOT_ACTIVATED");
        }

        return await next(context);
    }
}
