using System.Net.Http.Headers;
using Azure.Core;

namespace AccBackup.Storage;

/// <summary>Adds a Microsoft Entra ID bearer token for Azure Storage to each request, cached until shortly before it expires.</summary>
internal sealed class BearerTokenAuthenticationHandler : DelegatingHandler
{
    /// <summary>The scope that grants data-plane access to Azure Storage.</summary>
    internal const string StorageScope = "https://storage.azure.com/.default";

    /// <summary>How long before expiry a cached token is replaced.</summary>
    internal static readonly TimeSpan RefreshMargin = TimeSpan.FromMinutes(5);

    private static readonly TokenRequestContext StorageTokenRequest = new([StorageScope]);

    private readonly TokenCredential credential;
    private readonly TimeProvider timeProvider;
    private readonly SemaphoreSlim refreshLock = new(1, 1);
    private volatile CachedToken? current;

    /// <summary>Creates a handler getting tokens from <paramref name="credential"/>.</summary>
    public BearerTokenAuthenticationHandler(TokenCredential credential, TimeProvider timeProvider)
    {
        this.credential = credential;
        this.timeProvider = timeProvider;
    }

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var token = await GetTokenAsync(cancellationToken).ConfigureAwait(false);
        request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);
        return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            refreshLock.Dispose();
        }

        base.Dispose(disposing);
    }

    private async ValueTask<string> GetTokenAsync(CancellationToken cancellationToken)
    {
        if (current is { } fresh && timeProvider.GetUtcNow() < fresh.RefreshAt)
        {
            return fresh.Value;
        }

        // One refresh at a time: concurrent requests wait for it instead of each asking the identity endpoint.
        await refreshLock.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (current is { } refreshed && timeProvider.GetUtcNow() < refreshed.RefreshAt)
            {
                return refreshed.Value;
            }

            var token = await credential.GetTokenAsync(StorageTokenRequest, cancellationToken).ConfigureAwait(false);
            current = new CachedToken(token.Token, token.ExpiresOn - RefreshMargin);
            return token.Token;
        }
        finally
        {
            refreshLock.Release();
        }
    }

    private sealed record CachedToken(string Value, DateTimeOffset RefreshAt)
    {
        // Never print the token.
        public override string ToString() => $"token refreshing at {RefreshAt:O}";
    }
}
