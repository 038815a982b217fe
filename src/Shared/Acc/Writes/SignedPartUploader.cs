using System.Buffers;
using System.Net;
using System.Net.Http.Headers;

namespace AccBackup.Acc.Writes;

/// <summary>Uploads a stream to an OSS object in signed S3 parts: parts of <see cref="PartSize"/> bytes (the last smaller), URLs
/// asked for 25 at a time, fresh URLs with the same upload key after a 403 (expired), then the completion with size and eTags.</summary>
/// <remarks>One part buffer at a time per upload, rented from the shared pool: memory is uploads in parallel × part size.
/// PUTs carry no token (the URL is the authorization) and are retried after 429, 5xx or a dropped connection.</remarks>
public sealed class SignedPartUploader(HttpClient http, ApsUploadClient oss, TimeProvider time)
{
    /// <summary>The smallest part S3 takes, except the last.</summary>
    public const int MinimumPartSize = 5 << 20;

    private const int AttemptsPerPart = 5;
    private const int RefreshesPerPart = 2;

    /// <summary>Bytes per part (all but the last); at least <see cref="MinimumPartSize"/>.</summary>
    public int PartSize { get; init; } = 8 << 20;

    /// <summary>Streams <paramref name="length"/> bytes of <paramref name="source"/> into <paramref name="target"/> and completes it.</summary>
    /// <returns>The parts PUT.</returns>
    public async Task<int> UploadAsync(OssObject target, Stream source, long length, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentOutOfRangeException.ThrowIfLessThan(PartSize, MinimumPartSize);
        var parts = (int)Math.Max(1, (length + PartSize - 1) / PartSize);
        var eTags = new List<string>(parts);
        SignedUpload? urls = null;
        var buffer = ArrayPool<byte>.Shared.Rent((int)Math.Min(PartSize, Math.Max(length, 1)));
        try
        {
            long sent = 0;
            for (var part = 1; part <= parts; part++)
            {
                var size = (int)Math.Min(PartSize, length - sent);
                await source.ReadExactlyAsync(buffer.AsMemory(0, size), cancellationToken).ConfigureAwait(false);
                if (urls is null || !urls.Covers(part) || time.GetUtcNow() >= urls.ExpiresAt)
                {
                    urls = await oss.GetPartUrlsAsync(target, part, Math.Min(ApsUploadClient.MaxUrlsPerCall, parts - part + 1), urls?.UploadKey, cancellationToken).ConfigureAwait(false);
                }

                (var eTag, urls) = await PutPartAsync(target, part, parts, urls, buffer.AsMemory(0, size), cancellationToken).ConfigureAwait(false);
                eTags.Add(eTag);
                sent += size;
            }

            await oss.CompleteAsync(target, urls!.UploadKey, length, eTags, cancellationToken).ConfigureAwait(false);
            return parts;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task<(string ETag, SignedUpload Urls)> PutPartAsync(
        OssObject target, int part, int parts, SignedUpload urls, ReadOnlyMemory<byte> bytes, CancellationToken cancellationToken)
    {
        var refreshes = 0;
        for (var attempt = 1; ; attempt++)
        {
            HttpStatusCode? status = null;
            try
            {
                using var request = new HttpRequestMessage(HttpMethod.Put, urls.UrlOf(part)) { Content = new ReadOnlyMemoryContent(bytes) };
                request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
                using var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
                status = response.StatusCode;
                if (response.IsSuccessStatusCode)
                {
                    var eTag = response.Headers.ETag?.Tag.Trim('"')
                        ?? throw new ApsResponseException(ApsEndpoint.SignedUpload, $"part {part} of object '{target.ObjectKey}' was stored without an ETag");
                    return (eTag, urls);
                }

                if (status == HttpStatusCode.Forbidden && refreshes++ < RefreshesPerPart)
                {
                    // Expired URLs: fresh ones in the same upload, so the parts already sent stay.
                    urls = await oss.GetPartUrlsAsync(target, part, Math.Min(ApsUploadClient.MaxUrlsPerCall, parts - part + 1), urls.UploadKey, cancellationToken).ConfigureAwait(false);
                    attempt--;
                    continue;
                }

                if (!(status == HttpStatusCode.TooManyRequests || (int)status >= 500) || attempt >= AttemptsPerPart)
                {
                    throw new ApsRequestException(ApsEndpoint.SignedUpload, status.Value,
                        $"PUT of part {part} of {parts} of object '{target.ObjectKey}' answered {(int)status.Value} (attempt {attempt}).");
                }
            }
            catch (HttpRequestException e) when (attempt < AttemptsPerPart && !cancellationToken.IsCancellationRequested)
            {
                _ = e;
            }

            await Task.Delay(TimeSpan.FromMilliseconds(200 * Math.Pow(2, attempt)), time, cancellationToken).ConfigureAwait(false);
        }
    }
}
