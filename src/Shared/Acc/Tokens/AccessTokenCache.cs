using System.Text.Json;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Acc.Tokens;

/// <summary>An APS access token and when to renew it: 5 minutes before it expires, or after four fifths of a short lifetime.</summary>
internal sealed record AccessToken(string Value, DateTimeOffset ExpiresAt, DateTimeOffset RefreshAt)
{
    private static readonly TimeSpan RefreshMargin = TimeSpan.FromMinutes(5);

    /// <summary>Reads an OAuth token response (<c>access_token</c>, <c>expires_in</c>) received at <paramref name="now"/>.</summary>
    public static AccessToken Read(JsonElement response, DateTimeOffset now)
    {
        var reader = new JsonApiReader(ApsEndpoint.Token);
        var value = reader.RequiredString(response, "access_token");
        var lifetime = TimeSpan.FromSeconds(reader.RequiredInt64(response, "expires_in"));
        var margin = lifetime / 5 < RefreshMargin ? lifetime / 5 : RefreshMargin;
        return new AccessToken(value, now + lifetime, now + lifetime - margin);
    }
}

/// <summary>One cached access token: handed out until its refresh time, then renewed by one caller at a time (callers
/// waiting meanwhile take the new one); renewed at once when APS rejected it (401).</summary>
internal sealed class AccessTokenCache(TimeProvider time, Func<CancellationToken, Task<AccessToken>> renew) : IDisposable
{
    private readonly SemaphoreSlim renewLock = new(1, 1);
    private AccessToken? current;

    /// <summary>A token valid until at least its refresh time.</summary>
    public async Task<string> GetAsync(CancellationToken cancellationToken)
    {
        var token = current;
        return token is not null && token.RefreshAt > time.GetUtcNow()
            ? token.Value
            : await RenewAsync(token?.Value, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Replaces <paramref name="stale"/> (expiring, or rejected by APS) with a new token, unless another caller already did.</summary>
    public async Task<string> RenewAsync(string? stale, CancellationToken cancellationToken)
    {
        await renewLock.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var token = current;
            if (token is not null && token.Value != stale && token.RefreshAt > time.GetUtcNow())
            {
                return token.Value;
            }

            current = await renew(cancellationToken).ConfigureAwait(false);
            return current.Value;
        }
        finally
        {
            renewLock.Release();
        }
    }

    /// <inheritdoc />
    public void Dispose() => renewLock.Dispose();
}
