using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.Tokens;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Issues;

/// <summary>Caches a Secure Service Account's user-context token: a fresh assertion exchanged before expiry (5 min, or a fifth of a
/// short lifetime) or after a 401; one exchange at a time. Autodesk advises a new assertion rather than a refresh token.</summary>
public sealed partial class SsaTokenProvider : IApsAccessTokens, IDisposable
{
    private const string GrantType = "urn:ietf:params:oauth:grant-type:jwt-bearer";

    private readonly HttpClient http;
    private readonly ApsOptions aps;
    private readonly IssuesOptions issues;
    private readonly ApsQuotaLimiter quota;
    private readonly ApsResilience resilience;
    private readonly TimeProvider time;
    private readonly ILogger<SsaTokenProvider> logger;
    private readonly AccessTokenCache cache;
    private readonly Lazy<SsaAssertion> assertion;

    /// <summary>Creates the provider; the key is read on first use (the options validator has checked it on start).</summary>
    public SsaTokenProvider(
        HttpClient http, IOptions<ApsOptions> aps, IOptions<IssuesOptions> issues, ApsQuotaLimiter quota, ApsResilience resilience,
        TimeProvider time, ILogger<SsaTokenProvider> logger)
    {
        this.http = http;
        this.aps = aps.Value;
        this.issues = issues.Value;
        this.quota = quota;
        this.resilience = resilience;
        this.time = time;
        this.logger = logger;
        assertion = new(() => this.issues.IsConfigured
            ? new SsaAssertion(this.issues.PrivateKey!, this.issues.KeyId!)
            : throw new IssuesNotConfiguredException());
        cache = new AccessTokenCache(time, RenewAsync);
    }

    /// <summary>A token valid for at least the refresh margin.</summary>
    public Task<string> GetTokenAsync(CancellationToken cancellationToken) => cache.GetAsync(cancellationToken);

    /// <summary>Drops <paramref name="rejected"/> (APS answered 401 to it) and returns a fresh token.</summary>
    public Task<string> RefreshAfterRejectionAsync(string rejected, CancellationToken cancellationToken) =>
        cache.RenewAsync(rejected, cancellationToken);

    private async Task<AccessToken> RenewAsync(CancellationToken cancellationToken)
    {
        var token = await resilience.ExecuteAsync(ApsEndpoint.Token, ExchangeAsync, cancellationToken).ConfigureAwait(false);
        Log.TokenExchanged(logger, issues.ServiceAccountId!, token.ExpiresAt);
        return token;
    }

    private async ValueTask<AccessToken> ExchangeAsync(CancellationToken cancellationToken)
    {
        var now = time.GetUtcNow();
        var jwt = assertion.Value.Create(aps.ClientId, issues.ServiceAccountId!, issues.ScopeList, now, issues.AssertionLifetime);
        using var request = new HttpRequestMessage(HttpMethod.Post, new Uri(aps.BaseUrl, "authentication/v2/token"));
        request.Headers.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes($"{aps.ClientId}:{aps.ClientSecret}")));
        request.Content = new FormUrlEncodedContent([new("grant_type", GrantType), new("assertion", jwt)]);

        HttpResponseMessage response;
        using (await quota.AcquireAsync(ApsEndpoint.Token, cancellationToken).ConfigureAwait(false))
        {
            response = await http.SendAsync(request, cancellationToken).ConfigureAwait(false);
        }

        using (response)
        {
            if (response.StatusCode is HttpStatusCode.BadRequest or HttpStatusCode.Unauthorized or HttpStatusCode.Forbidden)
            {
                throw new ApsAuthenticationException(ApsEndpoint.Token, response.StatusCode, Rejected(response.StatusCode, await DetailAsync(response, cancellationToken).ConfigureAwait(false)));
            }

            await ApsResponseClassifier.ThrowIfFailedAsync(ApsEndpoint.Token, response, cancellationToken).ConfigureAwait(false);
            using var json = await ApsResponseBody.ReadJsonAsync(ApsEndpoint.Token, response.Content, cancellationToken).ConfigureAwait(false);
            return AccessToken.Read(json.RootElement, now);
        }
    }

    private static string Rejected(HttpStatusCode status, string detail)
    {
        const string S = IssuesOptions.SectionName;
        return $"APS refused the Secure Service Account's assertion ({(int)status}{detail}). Check {S}:PrivateKey (the private half of the key {S}:KeyId names), "
            + $"{S}:KeyId and {S}:ServiceAccountId, and that {ApsOptions.SectionName}:ClientId is the app the service account belongs to.";
    }

    private static async Task<string> DetailAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        try
        {
            if (await ApsResponseBody.ReadAtMostAsync(response.Content, ApsResponseBody.MaxErrorBytes, cancellationToken).ConfigureAwait(false) is not { } body)
            {
                return "";
            }

            using var json = JsonDocument.Parse(body);
            return json.RootElement.TryGetProperty("developerMessage", out var message) ? ": " + message : "";
        }
        catch (JsonException)
        {
            return "";
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        cache.Dispose();
        if (assertion.IsValueCreated)
        {
            assertion.Value.Dispose();
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 9001, Level = LogLevel.Debug, Message = "Secure Service Account {ServiceAccountId} token exchanged; expires at {ExpiresAt:o}")]
        public static partial void TokenExchanged(ILogger logger, string serviceAccountId, DateTimeOffset expiresAt);
    }
}

/// <summary>Issues were asked for but no Secure Service Account is configured (<c>Issues:ServiceAccountId</c>, <c>KeyId</c>, <c>PrivateKey</c>).</summary>
public sealed class IssuesNotConfiguredException()
    : InvalidOperationException($"Issues are not configured: set {IssuesOptions.SectionName}:ServiceAccountId, {IssuesOptions.SectionName}:KeyId and {IssuesOptions.SectionName}:PrivateKey.");
