using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Auth;

/// <summary>
/// <c>grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer</c>: a Secure Service Account's RS256 assertion exchanged for a
/// user-context token. The header's <c>kid</c> names a registered key; the signature, <c>iss</c> (the client id of the
/// Basic credentials), <c>sub</c> (the key's service account), <c>aud</c>, <c>exp</c> and <c>scope</c> are checked.
/// </summary>
internal static class JwtBearerGrant
{
    public const string GrantType = "urn:ietf:params:oauth:grant-type:jwt-bearer";

    /// <summary>The audience APS requires in every assertion, whatever host the token endpoint is reached on.</summary>
    public const string Audience = "https://developer.api.autodesk.com/authentication/v2/token";

    /// <summary>How far ahead an assertion's <c>exp</c> may lie (APS's samples use five minutes).</summary>
    private static readonly TimeSpan MaxAssertionLifetime = TimeSpan.FromHours(1);

    /// <summary>The longest token APS issues for an SSA.</summary>
    private static readonly TimeSpan MaxTokenLifetime = TimeSpan.FromHours(1);

    public static IResult Exchange(string? assertion, EmulatorState state)
    {
        if (string.IsNullOrEmpty(assertion))
        {
            return Invalid("The assertion is missing.");
        }

        var parts = assertion.Split('.');
        if (parts.Length != 3 || Decode(parts[0]) is not { } headerBytes || Decode(parts[1]) is not { } payloadBytes || Decode(parts[2]) is not { } signature)
        {
            return Invalid("The assertion is not a compact JWS (header.payload.signature, base64url).");
        }

        try
        {
            using var header = JsonDocument.Parse(headerBytes);
            using var payload = JsonDocument.Parse(payloadBytes);
            var alg = Text(header.RootElement, "alg");
            var kid = Text(header.RootElement, "kid");
            if (alg != "RS256")
            {
                return Invalid($"The assertion's alg must be RS256; got '{alg}'.");
            }

            if (kid is null || state.ServiceAccounts.FindByKeyId(kid) is not { } account)
            {
                return Invalid($"No service account key '{kid}' is registered.");
            }

            if (!Verify(account.PublicKeyPem, Encoding.ASCII.GetBytes(parts[0] + "." + parts[1]), signature))
            {
                return Invalid($"The assertion's signature does not verify with key '{kid}'.");
            }

            return CheckClaims(payload.RootElement, account, state) is { } problem ? Invalid(problem) : Issue(payload.RootElement, account, state);
        }
        catch (JsonException)
        {
            return Invalid("The assertion's header or payload is not JSON.");
        }
    }

    private static string? CheckClaims(JsonElement claims, EmulatedServiceAccount account, EmulatorState state)
    {
        var now = state.Clock.GetUtcNow();
        if (Text(claims, "iss") != state.Options.ClientId)
        {
            return "The assertion's iss must be the client id of the Basic credentials.";
        }

        if (Text(claims, "sub") != account.Id)
        {
            return $"The assertion's sub must be the service account that owns key '{account.KeyId}'.";
        }

        if (Text(claims, "aud") != Audience)
        {
            return $"The assertion's aud must be {Audience}.";
        }

        if (!claims.TryGetProperty("exp", out var exp) || !exp.TryGetInt64(out var seconds))
        {
            return "The assertion has no numeric exp.";
        }

        var expires = DateTimeOffset.FromUnixTimeSeconds(seconds);
        if (expires <= now)
        {
            return "The assertion has expired.";
        }

        if (expires > now + MaxAssertionLifetime)
        {
            return "The assertion's exp is more than an hour ahead.";
        }

        return Scopes(claims).Count == 0 ? "The assertion has no scope." : null;
    }

    /// <summary>The <c>scope</c> claim: an array of scopes (as Autodesk's samples send it) or one space-separated string.</summary>
    private static HashSet<string> Scopes(JsonElement claims)
    {
        var scopes = new HashSet<string>(StringComparer.Ordinal);
        if (!claims.TryGetProperty("scope", out var scope))
        {
            return scopes;
        }

        var values = scope.ValueKind switch
        {
            JsonValueKind.Array => scope.EnumerateArray().Where(e => e.ValueKind == JsonValueKind.String).Select(e => e.GetString()!),
            JsonValueKind.String => [scope.GetString()!],
            _ => [],
        };
        foreach (var value in values)
        {
            scopes.UnionWith(value.Split(' ', StringSplitOptions.RemoveEmptyEntries));
        }

        return scopes;
    }

    private static IResult Issue(JsonElement claims, EmulatedServiceAccount account, EmulatorState state)
    {
        var scopes = Scopes(claims);
        var lifetime = state.Faults.Options.TokenLifetime < MaxTokenLifetime ? state.Faults.Options.TokenLifetime : MaxTokenLifetime;
        var token = state.Tokens.Issue(lifetime, state.Options.ClientId, scopes, new UserContext(account.Id, scopes));
        return JsonBody.Object(w =>
        {
            w.WriteString("access_token", token);
            w.WriteString("token_type", "Bearer");
            w.WriteNumber("expires_in", Math.Max(0, (long)lifetime.TotalSeconds - 1));
            w.WriteString("scope", string.Join(' ', scopes));
        });
    }

    private static bool Verify(string publicKeyPem, byte[] signed, byte[] signature)
    {
        using var rsa = RSA.Create();
        rsa.ImportFromPem(publicKeyPem);
        return rsa.VerifyData(signed, signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
    }

    private static string? Text(JsonElement element, string name) =>
        element.ValueKind == JsonValueKind.Object && element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static byte[]? Decode(string base64Url)
    {
        var padded = base64Url.Replace('-', '+').Replace('_', '/');
        padded += (padded.Length % 4) switch { 2 => "==", 3 => "=", _ => "" };
        try
        {
            return Convert.FromBase64String(padded);
        }
        catch (FormatException)
        {
            return null;
        }
    }

    private static IResult Invalid(string message) => ApsErrors.Gateway(StatusCodes.Status400BadRequest, "invalid_grant: " + message, "AUTH-012");
}
