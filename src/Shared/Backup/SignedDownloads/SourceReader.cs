using System.Net;
using System.Net.Http.Headers;
using AccBackup.Backup.Copying;
using Polly.Timeout;

namespace AccBackup.Backup.SignedDownloads;

/// <summary>Reads bytes of an object from its signed URL into a caller's buffer, checking every length it is told.</summary>
/// <remarks>Retries, timeouts and expired URLs are the download client's (<see cref="SignedDownloadHandler"/>): what fails here has failed every attempt.</remarks>
internal static class SourceReader
{
    /// <summary>GETs [offset, offset + buffer.Length) (or the whole object when <paramref name="ranged"/> is false).</summary>
    /// <returns>The bytes read and the object's total length as the response declared it.</returns>
    public static async Task<(int Read, long Total)> ReadAsync(
        HttpClient http, SignedUrlLease lease, long offset, Memory<byte> buffer, bool ranged, CancellationToken cancellationToken)
    {
        var url = (await lease.GetAsync(cancellationToken).ConfigureAwait(false)).Url;
        using var request = new HttpRequestMessage(HttpMethod.Get, url);
        request.Options.Set(SignedDownloadHandler.Lease, lease);
        request.Options.Set(SignedDownloadHandler.BodyTarget, buffer);
        if (ranged)
        {
            request.Headers.Range = new RangeHeaderValue(offset, offset + buffer.Length - 1);
        }

        try
        {
            using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
            var total = Classify(response, ranged, offset, buffer.Length);
            if (!ranged && total > buffer.Length)
            {
                throw new SourceTooLargeException(total);
            }

            var expected = ranged ? (int)Math.Min(buffer.Length, total - offset) : (int)total;
            var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                var read = await stream.ReadAtLeastAsync(buffer[..expected], expected, throwOnEndOfStream: false, cancellationToken).ConfigureAwait(false);
                if (read < expected)
                {
                    throw new TransferException($"body ended after {read} of {expected} bytes at offset {offset}");
                }

                return (read, total);
            }
        }
        catch (TimeoutRejectedException e)
        {
            throw new TransferException($"no complete answer within {e.Timeout.TotalSeconds:0} s at offset {offset}", e);
        }
        catch (HttpRequestException e)
        {
            throw new TransferException($"network error at offset {offset}: {e.HttpRequestError}", e);
        }
        catch (IOException e)
        {
            throw new TransferException($"connection broke at offset {offset}: {e.Message}", e);
        }
    }

    private static long Classify(HttpResponseMessage response, bool ranged, long offset, int length)
    {
        switch (response.StatusCode)
        {
            case HttpStatusCode.PartialContent when ranged:
                var range = response.Content.Headers.ContentRange;
                if (range?.From != offset || range.Length is not { } total)
                {
                    throw new TransferException($"unexpected Content-Range '{range}' for offset {offset}");
                }

                return total;
            case HttpStatusCode.OK when !ranged || response.Content.Headers.ContentLength <= length:
                return response.Content.Headers.ContentLength
                    ?? throw new TransferException("the source sent no Content-Length");
            case HttpStatusCode.OK:
                throw new FileIntegrityException("the source ignored a Range request");
            case HttpStatusCode.Forbidden:
                throw new SignedUrlExpiredException();
            case >= HttpStatusCode.MultipleChoices and < HttpStatusCode.BadRequest:
                var target = response.Headers.Location is { IsAbsoluteUri: true } location ? " to " + Acc.HttpsRule.Origin(location) : string.Empty;
                throw new TransferException($"source answered {(int)response.StatusCode}, a redirect{target}; signed downloads never follow redirects");
            case HttpStatusCode.TooManyRequests or HttpStatusCode.RequestTimeout or >= HttpStatusCode.InternalServerError:
                throw new TransferException($"source answered {(int)response.StatusCode}");
            default:
                throw new FileIntegrityException($"source answered {(int)response.StatusCode} to a download");
        }
    }
}
