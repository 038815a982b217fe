using AccEmulator.Endpoints;
using AccEmulator.Hosting;

namespace AccEmulator.Photos;

/// <summary>
/// What the Photos and Relationships APIs check after the gateway (<see cref="RequestGate"/>, which counts the per-app quotas):
/// a user-context token with data:read (a client-credentials token gets 403), a known project (<c>projectId</c> or
/// <c>containerId</c>, a GUID without <c>b.</c>) the user is a member of, and the per-user quota where the endpoint's category
/// has one (Relationships: 120 a minute per user).
/// </summary>
internal sealed class PhotoAccessFilter(EmulatorState state) : IEndpointFilter
{
    public async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext context, EndpointFilterDelegate next)
    {
        var http = context.HttpContext;
        if (state.Tokens.UserOf(http.Request.Headers.Authorization) is not { } user)
        {
            return Forbidden("This API needs a user-context token (three-legged, or a Secure Service Account's); a client-credentials token is not supported.");
        }

        if (!user.Scopes.Contains("data:read"))
        {
            return Forbidden("The token lacks the data:read scope.");
        }

        var projectId = (http.GetRouteValue("projectId") ?? http.GetRouteValue("containerId"))?.ToString() ?? "";
        if (PhotoEndpoints.Project(state, projectId) is null)
        {
            return ApsErrors.Gateway(StatusCodes.Status404NotFound, $"Project '{projectId}' not found (the id without 'b.').", "ERR_NOT_FOUND");
        }

        if (state.ServiceAccounts.FindById(user.UserId) is { } account && !account.IsInvitedTo(Guid.Parse(projectId)))
        {
            return Forbidden($"User '{user.UserId}' is not a member of project '{projectId}'.");
        }

        var category = http.GetEndpoint()?.Metadata.GetMetadata<ApsEndpointMetadata>()?.Category;
        if (category is { } counted && state.Quotas.Options.PerUserLimits.ContainsKey(counted) && !state.Quotas.TryAcquire(counted, user.UserId, out var retryAfter))
        {
            await ApsErrors.WriteQuotaExceededAsync(http, state.Quotas.Options.OmitRetryAfter ? null : retryAfter);
            return Results.Empty;
        }

        return await next(context);
    }

    private static IResult Forbidden(string message) => ApsErrors.Gateway(StatusCodes.Status403Forbidden, message, "ERR_FORBIDDEN");
}
