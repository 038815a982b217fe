using System.Buffers;
using System.Text.Json;

namespace AccBackup.Acc;

/// <summary>Reads APS response bodies with a size limit, so a runaway or hostile answer cannot exhaust the worker's memory.</summary>
/// <remarks>
/// The count is of bytes after decompression (the handler decompresses gzip and brotli), so a small compressed body that
/// inflates without end is stopped too. A folder-contents page of 200 entries with their 200 tip versions is about 1 MiB;
/// issue pages are smaller.
/// </remarks>
internal static class ApsResponseBody
{
    /// <summary>The largest JSON body read from a successful answer: 8 MiB.</summary>
    public const int MaxJsonBytes = 8 << 20;

    /// <summary>The most of an error body read for its detail: 64 KiB (the detail kept is 300 characters).</summary>
    public const int MaxErrorBytes = 64 << 10;

    /// <summary>Parses the body as JSON; throws <see cref="ApsResponseException"/> when it is larger than <see cref="MaxJsonBytes"/> or malformed.</summary>
    public static async Task<JsonDocument> ReadJsonAsync(ApsEndpoint endpoint, HttpContent content, CancellationToken cancellationToken)
    {
        var body = await ReadAtMostAsync(content, MaxJsonBytes, cancellationToken).ConfigureAwait(false)
            ?? throw new ApsResponseException(endpoint, $"APS {endpoint} returned a body larger than {MaxJsonBytes >> 20} MiB; refusing to read it.");
        try
        {
            return JsonDocument.Parse(body);
        }
        catch (JsonException e)
        {
            throw new ApsResponseException(endpoint, $"APS {endpoint} returned malformed JSON ({e.Message}).", e);
        }
    }

    /// <summary>The whole body, or null when it is longer than <paramref name="limit"/> bytes (then read no further).</summary>
    public static async Task<ReadOnlyMemory<byte>?> ReadAtMostAsync(HttpContent content, int limit, CancellationToken cancellationToken)
    {
        if (content.Headers.ContentLength > limit)
        {
            return null;
        }

        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var chunk = ArrayPool<byte>.Shared.Rent(81920);
        try
        {
            await using (stream.ConfigureAwait(false))
            {
                using var body = new MemoryStream();
                int read;
                while ((read = await stream.ReadAsync(chunk, cancellationToken).ConfigureAwait(false)) > 0)
                {
                    if (body.Length + read > limit)
                    {
                        return null;
                    }

                    body.Write(chunk, 0, read);
                }

                return body.GetBuffer().AsMemory(0, (int)body.Length);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(chunk);
        }
    }
}
