using System.Net;
using System.Net.Http.Headers;
using System.Text;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc.Tokens;

/// <summary>Caches the 2-legged APS token: one refresh at a time, before expiry (5 min, or a fifth of a short lifetime) or after a 401.</summary>
public sealed partial class ApsTokenProvider : IApsAccessTokens, IDisposable
{
    private readonly HttpClient http;
    private readonly ApsOptions options;
    private readonly ApsQuotaLimiter quota;
    private readonly ApsResilience resilience;
    private readonly TimeProvider time;
    private readonly ILogger<ApsTokenProvider> logger;
    private readonly AccessTokenCache cache;

    /// <summary>Creates the provider (typed HttpClient).</summary>
    public ApsTokenProvider(HttpClient http, IOptions<ApsOptions> options, ApsQuotaLimiter quota, ApsResilience resilience, TimeProvider time, ILogger<ApsTokenProvider> logger)
    {
        this.http = http;
        this.options = options.Value;
        this.quota = quota;
        this.resilience = resilience;
        this.time = time;
        this.logger = logger;
        cache = new AccessTokenCache(time, RenewAsync);
    }

    /// <summary>A token valid for at least the refresh margin.</summary>
    public Task<string> GetTokenAsync(CancellationToken cancellationToken) => cache.GetAsync(cancellationToken);

    /// <summary>Drops <paramref name="rejected"/> (APS answered 401 to it) and returns a fresh token.</summary>
    public Task<string> RefreshAfterRejectionAsync(string rejected, CancellationToken cancellationToken) =>
        cache.RenewAsync(rejected, cancellationToken);

    private async Task<AccessToken> RenewAsync(CancellationToken cancellationToken)
    {
        var token = await resilience.ExecuteAsync(ApsEndpoint.Token, RequestAsync, cancellationToken).ConfigureAwait(false);
        Log.TokenRefreshed(logger, token.ExpiresAt);
        return token;
    }

    private async ValueTask<AccessToken> RequestAsync(CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, new Uri(options.BaseUrl, "authentication/v2/token"));
        var basic = Convert.ToBase64String(Encoding.UTF8.GetBytes($"{options.ClientId}:{options.ClientSecret}"));
        request.Headers.Authorization = new AuthenticationHeaderValue("Basic", basic);
        request.Content = new FormUrlEncodedContent(
        [
            new("grant_type", "client_credentials"),
            new("scope", options.Scopes),
        ]);

        using var response = await SendAsync(request, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode is HttpStatusCode.Unauthorized or HttpStatusCode.BadRequest or HttpStatusCode.Forbidden)
        {
            throw new ApsAuthenticationException(ApsEndpoint.Token, response.StatusCode,
                $"APS rejected the client credentials ({(int)response.StatusCode}). Check {ApsOptions.SectionName}:ClientId and {ApsOptions.SectionName}:ClientSecret.");
        }

        await ApsResponseClassifier.ThrowIfFailedAsync(ApsEndpoint.Token, response, cancellationToken).ConfigureAwait(false);
        using var json = await ApsResponseBody.ReadJsonAsync(ApsEndpoint.Token, response.Content, cancellationToken).ConfigureAwait(false);
        return AccessToken.Read(json.RootElement, time.GetUtcNow());
    }

    // The call counts against the Token quota until its response has arrived (see ApsQuotaLease).
    private async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        using var lease = await quota.AcquireAsync(ApsEndpoint.Token, cancellationToken).ConfigureAwait(false);
        return await http.SendAsync(request, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public void Dispose() => cache.Dispose();

    private static partial class Log
    {
        [LoggerMessage(EventId = 1001, Level = LogLevel.Debug, Message = "APS token refreshed; expires at {ExpiresAt:o}")]
        public static partial void TokenRefreshed(ILogger logger, DateTimeOffset expiresAt);
    }
}
