using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Auth;

/// <summary>
/// What an ACC API that only takes a user's token checks after the gateway (<see cref="RequestGate"/>, which counts the
/// app's quota): a user-context token with data:read (a client-credentials token gets 403), a known project (id without
/// <c>b.</c>) the user is invited to, and the per-user quota of the endpoint's category where one is set
/// (<see cref="Quotas.QuotaOptions.PerUserLimits"/>: Issues, where one service account is one budget).
/// </summary>
/// <param name="apiName">The API as its errors name it ("Issues", "RFIs", "Forms").</param>
/// <param name="findProject">The project GUID of a route's <c>projectId</c> when the account has it for this API; null otherwise.</param>
internal sealed class UserContextAccessFilter(string apiName, Func<EmulatorState, string, Guid?> findProject) : IEndpointFilter
{
    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var http = context.HttpContext;
        var state = http.RequestServices.GetRequiredService<EmulatorState>();
        if (state.Tokens.UserOf(http.Request.Headers.Authorization) is not { } user)
        {
            return Forbidden($"The {apiName} API needs a user-context token (three-legged, or a Secure Service Account's); a client-credentials token is not supported.");
        }

        if (!user.Scopes.Contains("data:read"))
        {
            return Forbidden("The token lacks the data:read scope.");
        }

        var projectId = http.GetRouteValue("projectId")?.ToString() ?? "";
        if (findProject(state, projectId) is not { } project)
        {
            return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Project '{projectId}' not found (the {apiName} API takes the project id without 'b.').", "ERR_NOT_FOUND");
        }

        if (state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(project))
        {
            return Forbidden($"User '{user.UserId}' is not a member of project '{projectId}'.");
        }

        if (http.GetEndpoint()?.Metadata.GetMetadata<ApsEndpointMetadata>() is { } endpoint
            && !state.Quotas.TryAcquire(endpoint.Category, user.UserId, out var retryAfter))
        {
            await ApsErrors.WriteQuotaExceededAsync(http, state.Quotas.Options.OmitRetryAfter ? null : retryAfter);
            return Results.Empty;
        }

        return await next(context);
    }

    private static IResult Forbidden(string message) => ApsErrors.Gateway(StatusCodes.Status403Forbidden, message, "ERR_FORBIDDEN");
}
