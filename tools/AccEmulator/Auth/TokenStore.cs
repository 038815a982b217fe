using System.Buffers.Text;
using System.Collections.Concurrent;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

namespace AccEmulator.Auth;

/// <summary>Issues two-legged tokens shaped like APS's and checks <c>Authorization: Bearer</c> headers against them.</summary>
/// <remarks>
/// APS v2 tokens are RS256 JWTs several hundred characters long: clients that size headers or log prefixes must cope with that.
/// The signature here is random bytes of an RSA-2048 signature's length; only this store can tell a token is valid.
/// </remarks>
internal sealed class TokenStore(TimeProvider clock)
{
    private readonly ConcurrentDictionary<string, DateTimeOffset> _expiries = new(StringComparer.Ordinal);

    private static readonly string Header = Encode(Encoding.UTF8.GetBytes("""{"alg":"RS256","kid":"emulator-signing-key","typ":"JWT"}"""));

    public string Issue(TimeSpan lifetime, string clientId, IEnumerable<string> scopes)
    {
        var expiry = clock.GetUtcNow() + lifetime;
        var payload = JsonSerializer.SerializeToUtf8Bytes(new Dictionary<string, object>
        {
            ["scope"] = scopes.ToArray(),
            ["client_id"] = clientId,
            ["iss"] = "https://developer.api.autodesk.com",
            ["aud"] = "https://autodesk.com",
            ["jti"] = Encode(RandomNumberGenerator.GetBytes(30)),
            ["exp"] = expiry.ToUnixTimeSeconds(),
        });
        var token = $"{Header}.{Encode(payload)}.{Encode(RandomNumberGenerator.GetBytes(256))}";
        _expiries[token] = expiry;
        return token;
    }

    public TokenCheck Check(string? authorization)
    {
        const string Scheme = "Bearer ";
        if (string.IsNullOrEmpty(authorization))
        {
            return TokenCheck.Missing;
        }

        if (!authorization.StartsWith(Scheme, StringComparison.OrdinalIgnoreCase)
            || !_expiries.TryGetValue(authorization[Scheme.Length..].Trim(), out var expiry))
        {
            return TokenCheck.Invalid;
        }

        return clock.GetUtcNow() < expiry ? TokenCheck.Valid : TokenCheck.Expired;
    }

    private static string Encode(ReadOnlySpan<byte> bytes) => Base64Url.EncodeToString(bytes);
}

internal enum TokenCheck
{
    Valid,
    Missing,
    Invalid,
    Expired,
}
