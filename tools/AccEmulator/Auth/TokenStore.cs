using System.Buffers.Text;
using System.Collections.Concurrent;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

namespace AccEmulator.Auth;

/// <summary>Issues tokens shaped like APS's (two-legged, or user-context for a service account) and checks <c>Authorization: Bearer</c> headers against them.</summary>
/// <remarks>
/// APS v2 tokens are RS256 JWTs several hundred characters long: clients that size headers or log prefixes must cope with that.
/// The signature here is random bytes of an RSA-2048 signature's length; only this store can tell a token is valid.
/// </remarks>
internal sealed class TokenStore(TimeProvider clock)
{
    private const string Scheme = "Bearer ";

    private readonly ConcurrentDictionary<string, TokenGrant> _grants = new(StringComparer.Ordinal);

    private static readonly string Header = Encode(Encoding.UTF8.GetBytes("""{"alg":"RS256","kid":"emulator-signing-key","typ":"JWT"}"""));

    /// <summary>A token for <paramref name="user"/> (user context, e.g. a Secure Service Account), or two-legged when null.</summary>
    public string Issue(TimeSpan lifetime, string clientId, IEnumerable<string> scopes, UserContext? user = null)
    {
        var expiry = clock.GetUtcNow() + lifetime;
        var claims = new Dictionary<string, object>
        {
            ["scope"] = scopes.ToArray(),
            ["client_id"] = clientId,
            ["iss"] = "https://developer.api.autodesk.com",
            ["aud"] = "https://autodesk.com",
            ["jti"] = Encode(RandomNumberGenerator.GetBytes(30)),
            ["exp"] = expiry.ToUnixTimeSeconds(),
        };
        if (user is not null)
        {
            claims["userid"] = user.UserId;
        }

        var token = $"{Header}.{Encode(JsonSerializer.SerializeToUtf8Bytes(claims))}.{Encode(RandomNumberGenerator.GetBytes(256))}";
        _grants[token] = new TokenGrant(expiry, user);
        return token;
    }

    public TokenCheck Check(string? authorization)
    {
        if (string.IsNullOrEmpty(authorization))
        {
            return TokenCheck.Missing;
        }

        if (Find(authorization) is not { } grant)
        {
            return TokenCheck.Invalid;
        }

        return clock.GetUtcNow() < grant.Expiry ? TokenCheck.Valid : TokenCheck.Expired;
    }

    /// <summary>The user a token acts for; null for a two-legged token (or an unknown one).</summary>
    public UserContext? UserOf(string? authorization) => Find(authorization)?.User;

    private TokenGrant? Find(string? authorization) =>
        authorization is not null && authorization.StartsWith(Scheme, StringComparison.OrdinalIgnoreCase)
        && _grants.TryGetValue(authorization[Scheme.Length..].Trim(), out var grant) ? grant : null;

    private static string Encode(ReadOnlySpan<byte> bytes) => Base64Url.EncodeToString(bytes);

    private sealed record TokenGrant(DateTimeOffset Expiry, UserContext? User);
}

/// <summary>Who a user-context token acts for: the service account, and the scopes its assertion asked for.</summary>
/// <param name="UserId">The service account's id; APS counts per-user quotas by it.</param>
/// <param name="Scopes">The granted scopes, e.g. <c>data:read</c>.</param>
internal sealed record UserContext(string UserId, IReadOnlySet<string> Scopes);

internal enum TokenCheck
{
    Valid,
    Missing,
    Invalid,
    Expired,
}
