using System.Globalization;
using System.Text.Json;
using AccEmulator.Content;
using AccEmulator.Endpoints;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;
using Microsoft.AspNetCore.Http.Features;

namespace AccEmulator.Uploads;

/// <summary>
/// OSS's signed-S3 upload: <c>GET …/signeds3upload</c> hands out part URLs, the client PUTs each part to its URL
/// (served by the emulator itself, no token), <c>POST …/signeds3upload</c> completes the object.
/// </summary>
/// <remarks>
/// Shapes after the OSS reference (https://aps.autodesk.com/en/docs/data/v2/reference/http/buckets-:bucketKey-objects-:objectKey-signeds3upload-GET/
/// and its POST page) and the ACC upload tutorial (https://aps.autodesk.com/en/docs/acc/v1/tutorials/files/upload-document-s3/).
/// </remarks>
internal static class UploadEndpoints
{
    private const string Path = "/oss/v2/buckets/{bucketKey}/objects/{objectKey}/signeds3upload";

    /// <summary>The signed <c>chunk</c> of a part URL: <c>upload.{uploadKey}.{partNumber}</c> (no '-', which download chunks use).</summary>
    private const string ChunkPrefix = "upload.";

    public static void Map(WebApplication app)
    {
        app.MapGet(Path, Sign).Aps(EndpointCategory.Oss);
        app.MapPost(Path, CompleteAsync).Aps(EndpointCategory.Oss);
        app.MapPut("/_s3/{bucket}/{objectKey}", PutPartAsync).Aps(EndpointCategory.Upload, requiresToken: false);
    }

    private static IResult Sign(string bucketKey, string objectKey, HttpRequest request, EmulatorState state)
    {
        var query = request.Query;
        if (!TryInt(query["parts"], 1, 1, UploadRules.MaxPartsPerRequest, out var parts)
            || !TryInt(query["firstPart"], 1, 1, UploadRules.MaxPartNumber, out var firstPart)
            || !TryInt(query["minutesExpiration"], 2, 1, 60, out var minutes)
            || firstPart + parts - 1 > UploadRules.MaxPartNumber)
        {
            return ApsErrors.Oss(StatusCodes.Status400BadRequest,
                $"parts must be 1-{UploadRules.MaxPartsPerRequest}, firstPart 1-{UploadRules.MaxPartNumber} (together at most part {UploadRules.MaxPartNumber}), minutesExpiration 1-60.");
        }

        var uploadKey = query["uploadKey"].ToString();
        UploadSession session;
        try
        {
            session = state.Uploads.Begin(bucketKey, objectKey, uploadKey.Length == 0 ? null : uploadKey);
        }
        catch (UploadRejectedException e)
        {
            return ApsErrors.Oss(e.Status, e.Message);
        }

        var now = state.Clock.GetUtcNow();
        var lifetime = state.Faults.Options.SignedUrlLifetime ?? TimeSpan.FromMinutes(minutes);
        var baseUrl = ApiLinks.For(request).BaseUrl;
        return JsonBody.Object(w =>
        {
            w.WriteString("uploadKey", session.UploadKey);
            w.WriteStartArray("urls");
            for (var part = firstPart; part < firstPart + parts; part++)
            {
                var chunk = ChunkPrefix + session.UploadKey + "." + part.ToString(CultureInfo.InvariantCulture);
                w.WriteStringValue(state.Signer.CreateUrl(baseUrl, bucketKey, objectKey, chunk, now, lifetime));
            }

            w.WriteEndArray();
            w.WriteTime("urlExpiration", now + lifetime);
            w.WriteTime("uploadExpiration", session.Expires);
        });
    }

    /// <summary><c>{"uploadKey","size","eTags"}</c>; only uploadKey is required, size and eTags are checked when sent.</summary>
    private static async Task<IResult> CompleteAsync(string bucketKey, string objectKey, HttpRequest request, EmulatorState state)
    {
        if (!(request.ContentType ?? "").StartsWith("application/json", StringComparison.OrdinalIgnoreCase))
        {
            return ApsErrors.Oss(StatusCodes.Status400BadRequest, "Content-Type must be application/json.");
        }

        string? uploadKey;
        long? size = null;
        List<string>? eTags = null;
        try
        {
            using var body = await JsonDocument.ParseAsync(request.Body, cancellationToken: request.HttpContext.RequestAborted);
            var root = body.RootElement;
            uploadKey = root.GetProperty("uploadKey").GetString();
            // A member sent as null counts as not sent.
            if (root.TryGetProperty("size", out var sizeValue) && sizeValue.ValueKind != JsonValueKind.Null)
            {
                size = sizeValue.GetInt64();
            }

            if (root.TryGetProperty("eTags", out var tags) && tags.ValueKind != JsonValueKind.Null)
            {
                eTags = [.. tags.EnumerateArray().Select(t => t.GetString() ?? "")];
            }
        }
        catch (Exception e) when (e is JsonException or KeyNotFoundException or InvalidOperationException or FormatException)
        {
            return ApsErrors.Oss(StatusCodes.Status400BadRequest, "The body must be {\"uploadKey\":…,\"size\":…,\"eTags\":[…]} (uploadKey required).");
        }

        if (string.IsNullOrEmpty(uploadKey) || bucketKey != Accounts.StorageObject.Bucket)
        {
            return ApsErrors.Oss(string.IsNullOrEmpty(uploadKey) ? StatusCodes.Status400BadRequest : StatusCodes.Status404NotFound,
                string.IsNullOrEmpty(uploadKey) ? "uploadKey is required." : "Bucket doesn't exist");
        }

        try
        {
            var done = state.Uploads.Complete(objectKey, uploadKey, size, eTags);
            return JsonBody.Object(w =>
            {
                w.WriteString("bucketKey", done.Bucket);
                w.WriteString("objectId", $"urn:adsk.objects:os.object:{done.Bucket}/{done.ObjectKey}");
                w.WriteString("objectKey", done.ObjectKey);
                w.WriteNumber("size", done.Size);
                w.WriteString("contentType", done.ContentType);
                w.WriteString("location", $"{ApiLinks.For(request).BaseUrl}/oss/v2/buckets/{done.Bucket}/objects/{ApiLinks.Encode(done.ObjectKey)}");
            });
        }
        catch (UploadRejectedException e)
        {
            return ApsErrors.Oss(e.Status, e.Message);
        }
    }

    /// <summary>The part URL: signature and expiry checked as for downloads (403 once expired), then the body stored.</summary>
    private static async Task PutPartAsync(string bucket, string objectKey, HttpContext context, EmulatorState state)
    {
        var query = context.Request.Query;
        var chunk = query["chunk"].ToString();
        var refusal = chunk.StartsWith(ChunkPrefix, StringComparison.Ordinal)
            ? SignedS3Request.Refusal(query, state, bucket, objectKey, chunk)
            : SignedS3Request.SignatureDoesNotMatch();
        if (refusal is not null)
        {
            await refusal.ExecuteAsync(context);
            return;
        }

        var fields = chunk[ChunkPrefix.Length..].Split('.');
        var partNumber = int.Parse(fields[1], CultureInfo.InvariantCulture);

        // Parts may be up to 5 GiB in S3; the emulator holds them in memory, so clients send tens of MB at most in tests.
        context.Features.Get<IHttpMaxRequestBodySizeFeature>()?.MaxRequestBodySize = null;
        using var buffer = new MemoryStream();
        await context.Request.Body.CopyToAsync(buffer, context.RequestAborted);
        try
        {
            context.Response.Headers.ETag = state.Uploads.PutPart(fields[0], objectKey, partNumber, buffer.ToArray());
            context.Response.StatusCode = StatusCodes.Status200OK;
        }
        catch (UploadRejectedException)
        {
            await ApsErrors.S3(StatusCodes.Status404NotFound, "NoSuchUpload",
                "The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.").ExecuteAsync(context);
        }
    }

    private static bool TryInt(Microsoft.Extensions.Primitives.StringValues text, int fallback, int min, int max, out int value)
    {
        value = fallback;
        return text.Count == 0 || (int.TryParse(text.ToString(), NumberStyles.None, CultureInfo.InvariantCulture, out value) && value >= min && value <= max);
    }
}
