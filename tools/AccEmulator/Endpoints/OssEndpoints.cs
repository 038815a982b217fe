using System.Globalization;
using AccEmulator.Accounts;
using AccEmulator.Endpoints.JsonApi;
using AccEmulator.Hosting;

namespace AccEmulator.Endpoints;

/// <summary><c>GET /oss/v2/buckets/{bucketKey}/objects/{objectKey}/signeds3download</c>: a short-lived direct download URL.</summary>
internal static class OssEndpoints
{
    /// <summary>The part size of chunked uploads; a chunked answer maps each part's byte range to its own URL.</summary>
    public const long ChunkBytes = 5L << 20;

    public static void Map(WebApplication app) =>
        app.MapGet("/oss/v2/buckets/{bucketKey}/objects/{objectKey}/signeds3download", SignDownloadAsync).Aps(EndpointCategory.Oss);

    private static async Task<IResult> SignDownloadAsync(string bucketKey, string objectKey, HttpRequest request, EmulatorState state)
    {
        var minutesText = request.Query["minutesExpiration"].ToString();
        var minutes = 2;
        if (minutesText.Length > 0 && (!int.TryParse(minutesText, NumberStyles.None, CultureInfo.InvariantCulture, out minutes) || minutes is < 1 or > 60))
        {
            return ApsErrors.Oss(StatusCodes.Status400BadRequest, "minutesExpiration must be an integer between 1 and 60.");
        }

        StorageObject? storage;
        lock (state.Account.SyncRoot)
        {
            storage = bucketKey == StorageObject.Bucket ? state.Account.Objects.GetValueOrDefault(objectKey) : null;
        }

        if (storage is null)
        {
            return ApsErrors.Oss(StatusCodes.Status404NotFound, bucketKey == StorageObject.Bucket ? "Object doesn't exist" : "Bucket doesn't exist");
        }

        var lifetime = state.Faults.Options.SignedUrlLifetime ?? TimeSpan.FromMinutes(minutes);
        var now = state.Clock.GetUtcNow();
        var baseUrl = ApiLinks.For(request).BaseUrl;
        string Url(string? chunk) => state.Signer.CreateUrl(baseUrl, bucketKey, objectKey, chunk, now, lifetime);

        var chunked = state.Faults.AnswerChunked(storage);
        var fallback = chunked && request.Query["public-resource-fallback"] == "true";
        string? sha1 = null;
        if (storage.Length <= state.Options.Sha1MaxBytes || state.Hashes.IsCached(storage))
        {
            sha1 = (await state.Hashes.GetAsync(storage, request.HttpContext.RequestAborted)).Sha1;
        }

        // Server-copy mode: a whole-object URL is a SAS URL of the object's blob (uploaded on first request).
        var whole = chunked && !fallback ? null
            : state.Objects is { } objects ? (await objects.GetSignedUrlAsync(storage, now + lifetime, request.HttpContext.RequestAborted)).AbsoluteUri
            : Url(null);
        return JsonBody.Object(w =>
        {
            w.WriteString("status", !chunked ? "complete" : fallback ? "fallback" : "chunked");
            if (chunked && !fallback)
            {
                w.WriteStartObject("urls");
                for (long start = 0; start < storage.Length; start += ChunkBytes)
                {
                    var range = $"{start}-{Math.Min(start + ChunkBytes, storage.Length) - 1}";
                    w.WriteString(range, Url(range));
                }

                w.WriteEndObject();
            }
            else
            {
                w.WriteString("url", whole);
            }

            w.WriteStartObject("params");
            w.WriteEndObject();
            // Without storageSize in the listing, a drift file's stated size moves here (EmulatorOptions.OmitStorageSize).
            w.WriteNumber("size", state.Options.OmitStorageSize ? storage.StatedSize : storage.Length);
            if (sha1 is not null)
            {
                w.WriteString("sha1", sha1);
            }
        });
    }
}
