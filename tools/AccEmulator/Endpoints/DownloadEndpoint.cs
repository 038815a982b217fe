using System.Globalization;
using AccEmulator.Accounts;
using AccEmulator.Content;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary>
/// The signed storage URL (<c>GET /_s3/{bucket}/{objectKey}?X-Amz-…</c>): no Authorization header, signature and expiry
/// checked when the request starts, single byte ranges answered 206.
/// </summary>
internal static class DownloadEndpoint
{
    public static void Map(WebApplication app) =>
        app.MapGet("/_s3/{bucket}/{objectKey}", DownloadAsync).Aps(EndpointCategory.Download, requiresToken: false);

    private static async Task DownloadAsync(string bucket, string objectKey, HttpContext context, EmulatorState state)
    {
        var query = context.Request.Query;
        var chunk = query.ContainsKey("chunk") ? query["chunk"].ToString() : null;
        if (SignedS3Request.Refusal(query, state, bucket, objectKey, chunk) is { } refusal)
        {
            await refusal.ExecuteAsync(context);
            return;
        }

        StorageObject? storage;
        lock (state.Account.SyncRoot)
        {
            storage = state.Account.Objects.GetValueOrDefault(objectKey);
        }

        if (storage is null)
        {
            await ApsErrors.S3(StatusCodes.Status404NotFound, "NoSuchKey", "The specified key does not exist.").ExecuteAsync(context);
            return;
        }

        // A chunk URL serves one part of the object as if it were a whole object.
        var (partStart, partLength) = Part(chunk, storage.Length);
        if (!ByteRange.TryResolve(context.Request, partLength, out var range))
        {
            context.Response.Headers.ContentRange = $"bytes */{partLength}";
            await ApsErrors.S3(StatusCodes.Status416RangeNotSatisfiable, "InvalidRange", "The requested range is not satisfiable").ExecuteAsync(context);
            return;
        }

        var response = context.Response;
        response.StatusCode = range.IsPartial ? StatusCodes.Status206PartialContent : StatusCodes.Status200OK;
        response.ContentType = "application/octet-stream";
        response.ContentLength = range.Length;
        response.Headers.AcceptRanges = "bytes";
        response.Headers.ETag = $"\"{storage.ContentKey:x16}\"";
        if (range.IsPartial)
        {
            response.Headers.ContentRange = $"bytes {range.Start}-{range.Start + range.Length - 1}/{partLength}";
        }

        await ContentWriter.WriteAsync(context, state, storage, partStart + range.Start, range.Length);
    }

    private static (long Start, long Length) Part(string? chunk, long length)
    {
        var separator = chunk?.IndexOf('-', StringComparison.Ordinal) ?? -1;
        if (chunk is null || separator < 0)
        {
            return (0, length);
        }

        var start = Math.Clamp(long.Parse(chunk[..separator], CultureInfo.InvariantCulture), 0, length);
        var end = Math.Clamp(long.Parse(chunk[(separator + 1)..], CultureInfo.InvariantCulture), start - 1, length - 1);
        return (start, end - start + 1);
    }
}
