using System.Globalization;
using System.Text;
using AccEmulator.Endpoints.JsonApi;

namespace AccEmulator.Endpoints;

/// <summary>Error bodies in the shapes each APS service uses (JSON:API, Apigee-style, OSS, S3 XML).</summary>
internal static class ApsErrors
{
    public const string QuotaExceededMessage = "Quota limit exceeded.";

    /// <summary>Data Management: <c>{"jsonapi":…,"errors":[{"id","status","code","detail"}]}</c>.</summary>
    public static IResult JsonApi(int status, string code, string detail) =>
        JsonBody.JsonApi(w =>
        {
            w.WriteStartArray("errors");
            w.WriteStartObject();
            w.WriteString("id", Guid.NewGuid().ToString("D"));
            w.WriteString("status", status.ToString(CultureInfo.InvariantCulture));
            w.WriteString("code", code);
            w.WriteString("detail", detail);
            w.WriteEndObject();
            w.WriteEndArray();
        }, status);

    public static IResult NotFound(string detail) => JsonApi(StatusCodes.Status404NotFound, "NOT_FOUND", detail);

    /// <summary>What BIM 360 Docs answers for a resource the app may not see, e.g. the folder above a project's root.</summary>
    public static IResult Forbidden(string detail) => JsonApi(StatusCodes.Status403Forbidden, "BIM360DM_ERROR", detail);

    public static IResult BadInput(string detail) => JsonApi(StatusCodes.Status400BadRequest, "BAD_INPUT", detail);

    /// <summary>The gateway's shape: <c>{"developerMessage","moreInfo","errorCode"}</c>.</summary>
    public static IResult Gateway(int status, string developerMessage, string? errorCode) =>
        JsonBody.Object(w =>
        {
            w.WriteString("developerMessage", developerMessage);
            if (errorCode is not null)
            {
                w.WriteString("moreInfo", "https://aps.autodesk.com/en/docs/oauth/v2/developers_guide/error_handling/");
                w.WriteString("errorCode", errorCode);
            }
        }, status);

    /// <summary>429 with <c>Retry-After</c> in whole seconds (at least 1), or none when <paramref name="retryAfter"/> is null.</summary>
    public static async Task WriteQuotaExceededAsync(HttpContext context, TimeSpan? retryAfter)
    {
        if (retryAfter is { } wait)
        {
            context.Response.Headers.RetryAfter = Math.Max(1, (long)Math.Ceiling(wait.TotalSeconds)).ToString(CultureInfo.InvariantCulture);
        }

        await Gateway(StatusCodes.Status429TooManyRequests, QuotaExceededMessage, null).ExecuteAsync(context);
    }

    /// <summary>OSS: <c>{"reason":…}</c>.</summary>
    public static IResult Oss(int status, string reason) => JsonBody.Object(w => w.WriteString("reason", reason), status);

    /// <summary>S3: an XML <c>&lt;Error&gt;</c> document.</summary>
    public static IResult S3(int status, string code, string message)
    {
        var xml = $"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>{code}</Code><Message>{message}</Message>"
            + $"<RequestId>{Guid.NewGuid():N}</RequestId></Error>";
        return new JsonBytesResult(Encoding.UTF8.GetBytes(xml), status, "application/xml");
    }
}
