using AccEmulator.Auth;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary>
/// What APS's gateway does before an endpoint runs, in order: injected latency, token check, quota, injected errors.
/// Every emulated request is counted in the stats with the status it was answered with.
/// </summary>
internal sealed class RequestGate(RequestDelegate next, EmulatorState state)
{
    public async Task InvokeAsync(HttpContext context)
    {
        var endpoint = context.GetEndpoint()?.Metadata.GetMetadata<ApsEndpointMetadata>();
        if (endpoint is null)
        {
            await next(context);
            return;
        }

        try
        {
            await PassAsync(context, endpoint);
        }
        finally
        {
            state.Stats.Record(endpoint.Category, context.Response.StatusCode);
        }
    }

    private async Task PassAsync(HttpContext context, ApsEndpointMetadata endpoint)
    {
        var category = endpoint.Category;
        var fault = category == EndpointCategory.Control ? default : state.Faults.Decide(category);
        if (fault.Latency > TimeSpan.Zero)
        {
            await Task.Delay(fault.Latency, context.RequestAborted);
        }

        if (endpoint.RequiresToken && state.Tokens.Check(context.Request.Headers.Authorization) is var check && check != TokenCheck.Valid)
        {
            await (check == TokenCheck.Missing
                ? ApsErrors.Gateway(StatusCodes.Status401Unauthorized, "Authorization header is missing or is not a bearer token.", "AUTH-010")
                : ApsErrors.Gateway(StatusCodes.Status401Unauthorized, "The token is invalid or has expired.", "AUTH-006")).ExecuteAsync(context);
            return;
        }

        if (!state.Quotas.TryAcquire(category, out var retryAfter))
        {
            await ApsErrors.WriteQuotaExceededAsync(context, state.Quotas.Options.OmitRetryAfter ? null : retryAfter);
            return;
        }

        if (fault.StatusCode == StatusCodes.Status429TooManyRequests)
        {
            state.Stats.RecordFault("429");
            await ApsErrors.WriteQuotaExceededAsync(context, fault.RetryAfter);
            return;
        }

        if (fault.StatusCode >= StatusCodes.Status500InternalServerError)
        {
            state.Stats.RecordFault(fault.StatusCode == StatusCodes.Status500InternalServerError ? "500" : "503");
            await ServerError(category, fault.StatusCode).ExecuteAsync(context);
            return;
        }

        await next(context);
    }

    private static IResult ServerError(EndpointCategory category, int status) => (category, status) switch
    {
        (EndpointCategory.Download or EndpointCategory.Upload, StatusCodes.Status503ServiceUnavailable) => ApsErrors.S3(status, "SlowDown", "Please reduce your request rate."),
        (EndpointCategory.Download or EndpointCategory.Upload, _) => ApsErrors.S3(status, "InternalError", "We encountered an internal error. Please try again."),
        (_, StatusCodes.Status503ServiceUnavailable) => ApsErrors.Gateway(status, "Service Unavailable", null),
        _ => ApsErrors.Gateway(status, "Internal Server Error", null),
    };
}
