using System.Text.Json.Nodes;

namespace AccBackup.Acc.Writes;

/// <summary>One write to APS: method, path relative to <c>Aps:BaseUrl</c>, JSON body, and the user it acts as.</summary>
/// <param name="Endpoint">The endpoint, for its quota and in errors.</param>
/// <param name="Method">POST or PATCH.</param>
/// <param name="Path">The path and query, relative to the base URL.</param>
/// <param name="Body">The body's UTF-8 JSON.</param>
/// <param name="ContentType"><c>application/vnd.api+json</c> for Data Management, <c>application/json</c> for OSS.</param>
/// <param name="UserId">The <c>x-user-id</c> the write acts as with a two-legged token; null for the token's own identity.</param>
/// <param name="Repeatable">Whether sending it twice does no harm (storage, upload URLs, completion, permission checks), so
/// every transient failure may be retried; false for what creates a version, an item or a folder.</param>
public sealed record ApsWrite(ApsEndpoint Endpoint, HttpMethod Method, string Path, byte[] Body, string ContentType, string? UserId, bool Repeatable)
{
    /// <summary>The header a two-legged token names the acting user with.</summary>
    public const string UserIdHeader = "x-user-id";

    /// <summary>A Data Management write with a JSON:API body.</summary>
    public static ApsWrite JsonApi(ApsEndpoint endpoint, HttpMethod method, string path, JsonNode body, string? userId, bool repeatable) =>
        new(endpoint, method, path, System.Text.Encoding.UTF8.GetBytes(body.ToJsonString()), "application/vnd.api+json", userId, repeatable);
}
