using System.Collections.Concurrent;
using System.Security.Cryptography;

namespace AccEmulator.Auth;

/// <summary>Issues opaque tokens (two-legged, or user-context for a service account) and checks <c>Authorization: Bearer</c> headers against them.</summary>
internal sealed class TokenStore(TimeProvider clock)
{
    private const string Scheme = "Bearer ";

    private readonly ConcurrentDictionary<string, TokenGrant> _grants = new(StringComparer.Ordinal);

    /// <summary>A two-legged (client-credentials) token: no user.</summary>
    public string Issue(TimeSpan lifetime) => Issue(lifetime, null);

    /// <summary>A token for <paramref name="user"/> (user context, e.g. a Secure Service Account), or two-legged when null.</summary>
    public string Issue(TimeSpan lifetime, UserContext? user)
    {
        var token = Convert.ToBase64String(RandomNumberGenerator.GetBytes(36)).Replace('+', '-').Replace('/', '_');
        _grants[token] = new TokenGrant(clock.GetUtcNow() + lifetime, user);
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

    /// <summary>The user a valid token acts for; null for a two-legged token (or an unknown one).</summary>
    public UserContext? UserOf(string? authorization) => Find(authorization)?.User;

    private TokenGrant? Find(string? authorization) =>
        authorization is not null && authorization.StartsWith(Scheme, StringComparison.OrdinalIgnoreCase)
        && _grants.TryGetValue(authorization[Scheme.Length..].Trim(), out var grant) ? grant : null;

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
