using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using AccBackup.Acc.Tokens;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Sends authorized GETs, writes and the few POSTs that only read (a Sheets export) to APS within its quotas and retries, and maps every failure to the APS family.</summary>
public sealed class ApsTransport
{
    private readonly HttpClient http;
    private readonly IApsAccessTokens tokens;
    private readonly ApsQuotaLimiter quota;
    private readonly ApsResilience resilience;
    private readonly Uri baseUrl;

    /// <summary>Creates the transport (typed HttpClient).</summary>
    public ApsTransport(HttpClient http, ApsTokenProvider tokens, ApsQuotaLimiter quota, ApsResilience resilience, IOptions<ApsOptions> options)
        : this(http, (IApsAccessTokens)tokens, quota, resilience, options)
    {
    }

    /// <summary>Creates a transport that authorizes with <paramref name="tokens"/>, e.g. a service account's user-context tokens.</summary>
    internal ApsTransport(HttpClient http, IApsAccessTokens tokens, ApsQuotaLimiter quota, ApsResilience resilience, IOptions<ApsOptions> options)
    {
        this.http = http;
        this.tokens = tokens;
        this.quota = quota;
        this.resilience = resilience;
        baseUrl = options.Value.BaseUrl;
    }

    /// <summary>The base URL relative paths resolve against.</summary>
    public Uri BaseUrl => baseUrl;

    /// <summary>GETs <paramref name="url"/> and parses the JSON body. The caller disposes the document.</summary>
    public Task<JsonDocument> GetJsonAsync(ApsEndpoint endpoint, Uri url, CancellationToken cancellationToken)
    {
        if (url.IsAbsoluteUri && Uri.Compare(url, baseUrl, UriComponents.SchemeAndServer, UriFormat.Unescaped, StringComparison.OrdinalIgnoreCase) != 0)
        {
            // A next-page link pointing elsewhere must never receive our bearer token.
            throw new ApsResponseException(endpoint, $"APS {endpoint} returned a link to another host ({HttpsRule.Origin(url)}); refusing to follow it.");
        }

        var absolute = url.IsAbsoluteUri ? url : new Uri(baseUrl, url);
        return resilience.ExecuteAsync(endpoint, ct => AttemptAsync(endpoint, absolute, ct), cancellationToken);
    }

    /// <summary>POSTs the JSON <paramref name="body"/> to <paramref name="url"/> (relative to the base URL) and parses the JSON
    /// answer; retried like a GET, so only for requests a repeat cannot harm (a second export job, a search).</summary>
    public Task<JsonDocument> PostJsonAsync(ApsEndpoint endpoint, Uri url, ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(url);
        if (url.IsAbsoluteUri)
        {
            throw new ArgumentException("A POST goes to a path under the base URL only.", nameof(url));
        }

        return SendAsync(new Writes.ApsWrite(endpoint, HttpMethod.Post, url.OriginalString, body.ToArray(), "application/json", UserId: null, Repeatable: true), cancellationToken);
    }

    /// <summary>Sends a write (<see cref="Writes.ApsWrite"/>: POST or PATCH with a JSON body, as a user when it names one) and
    /// parses the JSON answer. The caller disposes the document.</summary>
    /// <remarks>A write that creates something (<see cref="Writes.ApsWrite.Repeatable"/> false) is retried only after a 429,
    /// which APS answers before doing anything; after a 5xx or a timeout its outcome is unknown, so it fails as
    /// <see cref="Writes.ApsWriteUncertainException"/> and the caller looks at ACC before writing again.</remarks>
    public Task<JsonDocument> SendAsync(Writes.ApsWrite write, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(write);
        var url = new Uri(baseUrl, write.Path);
        return resilience.ExecuteAsync(write.Endpoint, async ct =>
        {
            try
            {
                return await AttemptAsync(write.Endpoint, url, write, ct).ConfigureAwait(false);
            }
            catch (Exception e) when (!write.Repeatable && !ct.IsCancellationRequested && e is not ApsTransientException { Status: HttpStatusCode.TooManyRequests }
                && ApsResilience.IsTransient(e))
            {
                throw new Writes.ApsWriteUncertainException(write.Endpoint, e);
            }
        }, cancellationToken);
    }

    private async ValueTask<JsonDocument> AttemptAsync(ApsEndpoint endpoint, Uri url, CancellationToken cancellationToken) =>
        await AttemptAsync(endpoint, url, null, cancellationToken).ConfigureAwait(false);

    private async ValueTask<JsonDocument> AttemptAsync(ApsEndpoint endpoint, Uri url, Writes.ApsWrite? write, CancellationToken cancellationToken)
    {
        var token = await tokens.GetTokenAsync(cancellationToken).ConfigureAwait(false);
        var response = await SendAsync(endpoint, url, write, token, cancellationToken).ConfigureAwait(false);
        if (response.StatusCode == HttpStatusCode.Unauthorized)
        {
            // Tokens can expire early or be revoked: refresh once, then try again once.
            response.Dispose();
            token = await tokens.RefreshAfterRejectionAsync(token, cancellationToken).ConfigureAwait(false);
            response = await SendAsync(endpoint, url, write, token, cancellationToken).ConfigureAwait(false);
        }

        using (response)
        {
            await ApsResponseClassifier.ThrowIfFailedAsync(endpoint, response, cancellationToken).ConfigureAwait(false);
            return await ApsResponseBody.ReadJsonAsync(endpoint, response.Content, cancellationToken).ConfigureAwait(false);
        }
    }

    private async Task<HttpResponseMessage> SendAsync(ApsEndpoint endpoint, Uri url, Writes.ApsWrite? write, string token, CancellationToken cancellationToken)
    {
        using var lease = await quota.AcquireAsync(endpoint, cancellationToken).ConfigureAwait(false);
        using var request = new HttpRequestMessage(write?.Method ?? HttpMethod.Get, url);
        request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/vnd.api+json"));
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        if (write is not null)
        {
            if (write.UserId is { } user)
            {
                request.Headers.Add(Writes.ApsWrite.UserIdHeader, user);
            }

            var content = new ByteArrayContent(write.Body);
            content.Headers.ContentType = new MediaTypeHeaderValue(write.ContentType);
            request.Content = content;
        }

        return await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
    }
}
