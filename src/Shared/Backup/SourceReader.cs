using System.Net;
using System.Net.Http.Headers;

namespace AccBackup.Backup;

/// <summary>Reads bytes of an object from its signed URL into a caller's buffer, checking every length it is told.</summary>
internal static class SourceReader
{
    /// <summary>GETs [offset, offset + buffer.Length) (or the whole object when <paramref name="ranged"/> is false).</summary>
    /// <returns>The bytes read and the object's total length as the response declared it.</returns>
    public static async Task<(int Read, long Total)> ReadAsync(
        HttpClient http, Uri url, long offset, Memory<byte> buffer, bool ranged, TimeSpan timeout, CancellationToken cancellationToken)
    {
        using var attempt = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        attempt.CancelAfter(timeout);
        using var request = new HttpRequestMessage(HttpMethod.Get, url);
        if (ranged)
        {
            request.Headers.Range = new RangeHeaderValue(offset, offset + buffer.Length - 1);
        }

        try
        {
            using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, attempt.Token).ConfigureAwait(false);
            var total = Classify(response, ranged, offset, buffer.Length);
            if (!ranged && total > buffer.Length)
            {
                throw new SourceTooLargeException(total);
            }

            var expected = ranged ? (int)Math.Min(buffer.Length, total - offset) : (int)total;
            var stream = await response.Content.ReadAsStreamAsync(attempt.Token).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                var read = await stream.ReadAtLeastAsync(buffer[..expected], expected, throwOnEndOfStream: false, attempt.Token).ConfigureAwait(false);
                if (read < expected)
                {
                    throw new TransferException($"body ended after {read} of {expected} bytes at offset {offset}", null);
                }

                return (read, total);
            }
        }
        catch (OperationCanceledException e) when (!cancellationToken.IsCancellationRequested)
        {
            throw new TransferException($"no complete answer within {timeout.TotalSeconds:0} s at offset {offset}", null, e);
        }
        catch (HttpRequestException e)
        {
            throw new TransferException($"network error at offset {offset}: {e.HttpRequestError}", null, e);
        }
        catch (IOException e)
        {
            throw new TransferException($"connection broke at offset {offset}: {e.Message}", null, e);
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
                    throw new TransferException($"unexpected Content-Range '{range}' for offset {offset}", null);
                }

                return total;
            case HttpStatusCode.OK when !ranged || response.Content.Headers.ContentLength <= length:
                return response.Content.Headers.ContentLength
                    ?? throw new TransferException("the source sent no Content-Length", null);
            case HttpStatusCode.OK:
                throw new FileIntegrityException("the source ignored a Range request");
            case HttpStatusCode.Forbidden:
                throw new SignedUrlExpiredException();
            case HttpStatusCode.TooManyRequests or HttpStatusCode.RequestTimeout or >= HttpStatusCode.InternalServerError:
                throw new TransferException($"source answered {(int)response.StatusCode}", response.Headers.RetryAfter?.Delta);
            default:
                throw new FileIntegrityException($"source answered {(int)response.StatusCode} to a download");
        }
    }
}

/// <summary>A transfer failed in a way worth retrying (network, truncation, 5xx, 429).</summary>
internal sealed class TransferException(string reason, TimeSpan? retryAfter, Exception? inner = null) : Exception(reason, inner)
{
    public TimeSpan? RetryAfter { get; } = retryAfter;
}

/// <summary>The signed URL was refused (expired): get a fresh one.</summary>
internal sealed class SignedUrlExpiredException() : Exception("the signed URL was refused (403): expired");

/// <summary>The bytes disagree with what the source promised: start the file again.</summary>
internal sealed class FileIntegrityException(string reason) : Exception(reason);

/// <summary>A whole-object GET found a larger object than planned for: switch to blocks.</summary>
internal sealed class SourceTooLargeException(long total) : Exception($"object is {total} bytes")
{
    public long Total { get; } = total;
}
