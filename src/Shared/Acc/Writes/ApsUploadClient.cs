using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Acc.Writes;

/// <summary>OSS's signed-S3 upload: part URLs (at most 25 a call; the same upload key for fresh ones) and the completion.</summary>
/// <remarks>After https://aps.autodesk.com/en/docs/data/v2/reference/http/buckets-:bucketKey-objects-:objectKey-signeds3upload-GET/
/// and its POST page; both count against OSS's one quota, shared with the backup's downloads.</remarks>
public sealed class ApsUploadClient(ApsTransport transport, TimeProvider time)
{
    /// <summary>The most part URLs one call hands out.</summary>
    public const int MaxUrlsPerCall = 25;

    /// <summary>How long the part URLs asked for stay valid: a PUT only has to start in time.</summary>
    public const int UrlMinutes = 10;

    /// <summary>URLs for parts <paramref name="firstPart"/> to <paramref name="firstPart"/> + <paramref name="parts"/> − 1, in the
    /// upload <paramref name="uploadKey"/> (null: a new upload).</summary>
    public async Task<SignedUpload> GetPartUrlsAsync(OssObject target, int firstPart, int parts, string? uploadKey, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(parts, MaxUrlsPerCall);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(parts);
        var query = string.Create(CultureInfo.InvariantCulture, $"firstPart={firstPart}&parts={parts}&minutesExpiration={UrlMinutes}")
            + (uploadKey is null ? string.Empty : "&uploadKey=" + Uri.EscapeDataString(uploadKey));
        var requestedAt = time.GetUtcNow();
        using var json = await transport.GetJsonAsync(ApsEndpoint.SignedUpload, new Uri(PathOf(target) + "?" + query, UriKind.Relative), cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.SignedUpload);
        var key = reader.RequiredString(json.RootElement, "uploadKey");
        var urls = new List<Uri>();
        foreach (var url in reader.Required(json.RootElement, "urls", JsonValueKind.Array).EnumerateArray())
        {
            if (!Uri.TryCreate(url.GetString(), UriKind.Absolute, out var uri) || !HttpsRule.Allows(uri))
            {
                throw reader.Malformed($"a part URL for object '{target.ObjectKey}' is not an https URL (or http to a loopback host)");
            }

            urls.Add(uri);
        }

        return urls.Count != parts
            ? throw reader.Malformed($"asked for {parts} part URLs for object '{target.ObjectKey}', got {urls.Count}")
            : new SignedUpload(key, firstPart, urls, requestedAt.AddMinutes(UrlMinutes));
    }

    /// <summary>Completes the upload: every part is there, <paramref name="size"/> bytes with <paramref name="eTags"/> (index = part − 1).</summary>
    public async Task CompleteAsync(OssObject target, string uploadKey, long size, IReadOnlyList<string> eTags, CancellationToken cancellationToken)
    {
        var body = new JsonObject
        {
            ["uploadKey"] = uploadKey,
            ["size"] = size,
            ["eTags"] = new JsonArray([.. eTags.Select(e => (JsonNode)e)]),
        };
        var write = new ApsWrite(ApsEndpoint.SignedUpload, HttpMethod.Post, PathOf(target), System.Text.Encoding.UTF8.GetBytes(body.ToJsonString()), "application/json", null, Repeatable: true);
        using var json = await transport.SendAsync(write, cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.SignedUpload);
        if (reader.OptionalInt64(json.RootElement, "size") is { } stored && stored != size)
        {
            throw reader.Malformed($"object '{target.ObjectKey}' was completed with {stored} bytes, not the {size} sent");
        }
    }

    private static string PathOf(OssObject target) =>
        $"oss/v2/buckets/{Uri.EscapeDataString(target.BucketKey)}/objects/{Uri.EscapeDataString(target.ObjectKey)}/signeds3upload";
}
