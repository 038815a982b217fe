using System.Globalization;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary><c>POST /authentication/v2/token</c>: two-legged client credentials, or a service account's JWT assertion (<see cref="Auth.JwtBearerGrant"/>), with HTTP Basic auth.</summary>
internal static class AuthenticationEndpoints
{
    public static void Map(WebApplication app) =>
        app.MapPost("/authentication/v2/token", IssueTokenAsync).Aps(EndpointCategory.Token, requiresToken: false);

    private static async Task<IResult> IssueTokenAsync(HttpContext context, EmulatorState state)
    {
        if (!HasValidCredentials(context.Request.Headers.Authorization, state.Options))
        {
            return ApsErrors.Gateway(StatusCodes.Status401Unauthorized, "The client_id or client_secret is invalid.", "AUTH-001");
        }

        if (!context.Request.HasFormContentType)
        {
            return ApsErrors.Gateway(StatusCodes.Status400BadRequest, "Content-Type must be application/x-www-form-urlencoded.", "AUTH-008");
        }

        var form = await context.Request.ReadFormAsync(context.RequestAborted);
        if (form["grant_type"] == Auth.JwtBearerGrant.GrantType)
        {
            return Auth.JwtBearerGrant.Exchange(form["assertion"], state);
        }

        if (form["grant_type"] != "client_credentials")
        {
            return ApsErrors.Gateway(StatusCodes.Status400BadRequest, "The grant_type is missing or unsupported.", "AUTH-004");
        }

        var lifetime = state.Faults.Options.TokenLifetime;
        var scopes = form["scope"].ToString().Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var token = state.Tokens.Issue(lifetime, state.Options.ClientId, scopes);
        return JsonBody.Object(w =>
        {
            w.WriteString("access_token", token);
            w.WriteString("token_type", "Bearer");
            // APS reports one second less than the lifetime: 3599 for an hour.
            w.WriteNumber("expires_in", Math.Max(0, (long)lifetime.TotalSeconds - 1));
        });
    }

    private static bool HasValidCredentials(string? authorization, EmulatorOptions options)
    {
        if (!AuthenticationHeaderValue.TryParse(authorization, out var header)
            || !string.Equals(header.Scheme, "Basic", StringComparison.OrdinalIgnoreCase)
            || header.Parameter is null)
        {
            return false;
        }

        Span<byte> decoded = stackalloc byte[header.Parameter.Length];
        if (!Convert.TryFromBase64String(header.Parameter, decoded, out var length))
        {
            return false;
        }

        var expected = Encoding.UTF8.GetBytes(string.Create(CultureInfo.InvariantCulture, $"{options.ClientId}:{options.ClientSecret}"));
        return CryptographicOperations.FixedTimeEquals(decoded[..length], expected);
    }
}
