using System.Collections.Concurrent;
using System.Security.Cryptography;

namespace AccEmulator.Auth;

/// <summary>Issues opaque two-legged tokens and checks <c>Authorization: Bearer</c> headers against them.</summary>
internal sealed class TokenStore(TimeProvider clock)
{
    private readonly ConcurrentDictionary<string, DateTimeOffset> _expiries = new(StringComparer.Ordinal);

    public string Issue(TimeSpan lifetime)
    {
        var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(36)).Replace('+', '-').Replace('/', '_');
        _expiries[token] = clock.GetUtcNow() + lifetime;
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
}

internal enum TokenCheck
{
    Valid,
    Missing,
    Invalid,
    Expired,
}
