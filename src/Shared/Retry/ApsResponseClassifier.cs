using System.Net;
using System.Text.Json;
using AccBackup.Acc;

namespace AccBackup.Retry;

/// <summary>Maps a failed APS response to the exception family: the one place HTTP statuses become domain errors.</summary>
internal static class ApsResponseClassifier
{
    private const int MaxDetailLength = 300;

    public static async ValueTask ThrowIfFailedAsync(ApsEndpoint endpoint, HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }

        var status = response.StatusCode;
        if (status is HttpStatusCode.TooManyRequests or HttpStatusCode.RequestTimeout || (int)status >= 500)
        {
            throw new ApsTransientException(endpoint, status, RetryAfter(response));
        }

        if ((int)status is >= 300 and < 400)
        {
            // Redirects are not followed (the handlers say AllowAutoRedirect = false): a bearer token or client secret must
            // reach only Aps:BaseUrl. Named with its target's origin, never its path or query.
            var target = response.Headers.Location is { IsAbsoluteUri: true } location ? " to " + HttpsRule.Origin(location) : string.Empty;
            throw new ApsRequestException(endpoint, status,
                $"APS {endpoint} answered {(int)status}, a redirect{target}; redirects are not followed. Check {ApsOptions.SectionName}:BaseUrl.");
        }

        var detail = await DetailAsync(response, cancellationToken).ConfigureAwait(false);
        if (status is HttpStatusCode.Unauthorized or HttpStatusCode.Forbidden)
        {
            throw new ApsAuthenticationException(endpoint, status,
                $"APS {endpoint} refused access ({(int)status}){detail}. Check that the app's client id is added under the account's Custom Integrations and that {ApsOptions.SectionName}:AccountId is right.");
        }

        throw new ApsRequestException(endpoint, status, $"APS {endpoint} answered {(int)status}{detail}.");
    }

    /// <summary>Retry-After as seconds or an HTTP date; null when absent (the caller backs off instead).</summary>
    public static TimeSpan? RetryAfter(HttpResponseMessage response)
    {
        var header = response.Headers.RetryAfter;
        if (header?.Delta is { } delta)
        {
            return delta < TimeSpan.Zero ? TimeSpan.Zero : delta;
        }

        if (header?.Date is { } date && response.Headers.Date is { } now)
        {
            var wait = date - now;
            return wait < TimeSpan.Zero ? TimeSpan.Zero : wait;
        }

        return null;
    }

    private static async Task<string> DetailAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        try
        {
            if (await ApsResponseBody.ReadAtMostAsync(response.Content, ApsResponseBody.MaxErrorBytes, cancellationToken).ConfigureAwait(false) is not { } text)
            {
                return $" (an error body over {ApsResponseBody.MaxErrorBytes >> 10} KiB, not read)";
            }

            using var json = JsonDocument.Parse(text);
            var root = json.RootElement;
            if (root.TryGetProperty("errors", out var errors) && errors.ValueKind == JsonValueKind.Array && errors.GetArrayLength() > 0)
            {
                var first = errors[0];
                var code = first.TryGetProperty("code", out var c) ? c.ToString() : null;
                var message = first.TryGetProperty("detail", out var d) ? d.ToString() : null;
                return Trim($": {code} {message}".TrimEnd());
            }

            if (root.TryGetProperty("developerMessage", out var developer))
            {
                return Trim($": {developer}");
            }

            return string.Empty;
        }
        catch (JsonException)
        {
            return string.Empty;
        }
    }

    private static string Trim(string detail) => detail.Length <= MaxDetailLength ? detail : detail[..MaxDetailLength] + "…";
}
