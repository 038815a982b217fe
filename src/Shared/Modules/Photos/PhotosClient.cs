using System.Runtime.CompilerServices;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Modules.Photos;

/// <summary>Reads an ACC project's Photos gallery with a service account's user-context token, inside the Photos quota and the APS
/// retries: every photo and video through <c>POST photos:filter</c> (cursor paging, with their signed URLs), and one photo with a
/// fresh signed URL (<c>GET photos/{id}?include=signedUrls</c>). Elements are returned whole, as APS sent them.</summary>
public sealed class PhotosClient
{
    /// <summary>The page asked of <c>photos:filter</c> (the reference states no maximum; 100 is what the other ACC lists serve).</summary>
    public const int PageLimit = 100;

    private readonly ApsTransport transport;

    internal PhotosClient(ApsTransport transport) => this.transport = transport;

    /// <summary>Every photo and video of the project, oldest first, each with <c>signedUrls</c>.</summary>
    /// <remarks>The API has no <c>updatedAt</c> filter (only <c>createdAt</c> and <c>takenAt</c>), so a night lists the whole gallery
    /// to see titles changed and photos deleted; the bytes are what it saves. A next page is asked by POSTing <c>nextPost.body</c>
    /// to <c>nextPost.url</c> as APS gives them: the cursor carries the request.</remarks>
    public async IAsyncEnumerable<JsonElement> ListAsync(string projectId, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var reader = new JsonApiReader(ApsEndpoint.Photos);
        var url = Url(projectId, "photos:filter");
        var body = FirstBody();
        while (true)
        {
            using var json = await transport.PostJsonAsync(ApsEndpoint.Photos, url, body, cancellationToken).ConfigureAwait(false);
            var results = reader.Required(json.RootElement, "results", JsonValueKind.Array);
            foreach (var photo in results.EnumerateArray())
            {
                yield return photo.Clone();
            }

            var pagination = reader.Optional(json.RootElement, "pagination");
            if (pagination is not { } page || reader.Optional(page, "nextPost") is not { ValueKind: JsonValueKind.Object } next || results.GetArrayLength() == 0)
            {
                yield break;
            }

            url = SameHost(reader.RequiredString(next, "url"));
            body = Encoding(reader.Required(next, "body", JsonValueKind.Object));
        }
    }

    /// <summary>One photo with a fresh signed URL: what a download whose listed URL expired asks for.</summary>
    public async Task<JsonElement> GetAsync(string projectId, string photoId, CancellationToken cancellationToken)
    {
        using var json = await transport.GetJsonAsync(ApsEndpoint.Photos, Url(projectId, $"photos/{Uri.EscapeDataString(photoId)}?include=signedUrls"), cancellationToken)
            .ConfigureAwait(false);
        return json.RootElement.Clone();
    }

    /// <summary>The signed URL of a photo's file, checked (https, or http to a loopback host); null when the photo carries none.</summary>
    public static Uri? FileUrl(JsonElement photo)
    {
        if (ModuleJson.Text(photo, "signedUrls", "fileUrl") is not { } text)
        {
            return null;
        }

        if (!Uri.TryCreate(text, UriKind.Absolute, out var url))
        {
            throw new ApsResponseException(ApsEndpoint.Photos, "APS Photos sent a signed URL that is not an absolute URL.");
        }

        return HttpsRule.Allows(url) ? url : throw new ApsResponseException(ApsEndpoint.Photos, $"APS Photos sent a signed URL that is not https ({HttpsRule.Origin(url)}).");
    }

    /// <summary>The Photos API's project id: the Data Management id without its <c>b.</c>.</summary>
    public static string PhotosProjectId(string projectId) => projectId.StartsWith("b.", StringComparison.Ordinal) ? projectId[2..] : projectId;

    private static Uri Url(string projectId, string relative) =>
        new($"construction/photos/v1/projects/{Uri.EscapeDataString(PhotosProjectId(projectId))}/{relative}", UriKind.Relative);

    /// <summary><c>{"limit":100,"include":["signedUrls"]}</c>: every photo, each with the signed URL of its file.</summary>
    private static byte[] FirstBody()
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var w = new Utf8JsonWriter(buffer))
        {
            w.WriteStartObject();
            w.WriteNumber("limit", PageLimit);
            w.WriteStartArray("include");
            w.WriteStringValue("signedUrls");
            w.WriteEndArray();
            w.WriteEndObject();
        }

        return buffer.WrittenSpan.ToArray();
    }

    private static byte[] Encoding(JsonElement body) => System.Text.Encoding.UTF8.GetBytes(body.GetRawText());

    // A cursor's URL may be absolute: it must name the base URL's host (our token goes with it), and is then sent as a path.
    private Uri SameHost(string link)
    {
        var url = new Uri(link, UriKind.RelativeOrAbsolute);
        if (!url.IsAbsoluteUri)
        {
            return url;
        }

        return Uri.Compare(url, transport.BaseUrl, UriComponents.SchemeAndServer, UriFormat.Unescaped, StringComparison.OrdinalIgnoreCase) == 0
            ? new Uri(url.PathAndQuery, UriKind.Relative)
            : throw new ApsResponseException(ApsEndpoint.Photos, $"APS Photos returned a next page on another host ({HttpsRule.Origin(url)}); refusing to follow it.");
    }
}
