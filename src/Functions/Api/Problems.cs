using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace AccBackup.Functions.Api;

/// <summary>Error responses as RFC 9457 problem details (<c>application/problem+json</c>): a title per kind of problem, a
/// detail sentence, and extension members a client can act on (<c>field</c>, <c>runId</c>, <c>statusUrl</c>).</summary>
internal static class Problems
{
    private const string ContentType = "application/problem+json";

    /// <summary>400: the request is wrong; <paramref name="field"/> names what to fix, when one field is the reason.</summary>
    public static ObjectResult BadRequest(string? field, string detail, Dictionary<string, object?>? more = null) =>
        Result(StatusCodes.Status400BadRequest, "The request is not valid", detail, new(more ?? []) { ["field"] = field });

    /// <summary>413: the body is larger than the API reads.</summary>
    public static ObjectResult TooLarge(string detail) =>
        Result(StatusCodes.Status413PayloadTooLarge, "The request body is too large", detail, []);

    /// <summary>404: no such run.</summary>
    public static ObjectResult NotFound(string runId) =>
        Result(StatusCodes.Status404NotFound, "No such backup run", $"no backup run '{runId}'", new() { ["runId"] = runId });

    /// <summary>409: another run (or this one) is going or exists; <paramref name="statusUrl"/> is where to watch it.</summary>
    public static ObjectResult Conflict(string runId, string detail, string statusUrl) =>
        Result(StatusCodes.Status409Conflict, "A backup run is in the way", detail, new() { ["runId"] = runId, ["statusUrl"] = statusUrl });

    /// <summary>500: the request was right, the service failed; <paramref name="detail"/> says what failed.</summary>
    public static ObjectResult ServerError(string detail) =>
        Result(StatusCodes.Status500InternalServerError, "The backup service failed", detail, []);

    private static ObjectResult Result(int status, string title, string detail, Dictionary<string, object?> extensions)
    {
        var problem = new ProblemDetails { Status = status, Title = title, Detail = detail };
        foreach (var (key, value) in extensions)
        {
            if (value is not null)
            {
                problem.Extensions[key] = value;
            }
        }

        return new ObjectResult(problem) { StatusCode = status, ContentTypes = { ContentType } };
    }
}
