using System.Globalization;
using System.Text.Json;
using AccBackup.Acc.JsonApi;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Asks APS's Object Storage Service for signed download URLs (direct-to-S3).</summary>
public sealed class ApsOssClient
{
    private readonly ApsTransport transport;
    private readonly TimeProvider time;
    private readonly int minutes;

    /// <summary>Creates the client.</summary>
    public ApsOssClient(ApsTransport transport, TimeProvider time, IOptions<ApsOptions> options)
    {
        this.transport = transport;
        this.time = time;
        minutes = options.Value.SignedUrlMinutes;
    }

    /// <summary>A signed URL for the object. Throws <see cref="ApsObjectNotReadyException"/> when APS answers "chunked".</summary>
    public async Task<SignedDownload> GetSignedDownloadAsync(OssObject storage, CancellationToken cancellationToken)
    {
        var path = string.Create(CultureInfo.InvariantCulture,
            $"oss/v2/buckets/{Uri.EscapeDataString(storage.BucketKey)}/objects/{Uri.EscapeDataString(storage.ObjectKey)}/signeds3download?minutesExpiration={minutes}");
        // Expiry is counted from before the request, so our deadline is never later than APS's.
        var requestedAt = time.GetUtcNow();
        using var json = await transport.GetJsonAsync(ApsEndpoint.SignedDownload, new Uri(path, UriKind.Relative), cancellationToken).ConfigureAwait(false);
        var reader = new JsonApiReader(ApsEndpoint.SignedDownload);
        var root = json.RootElement;
        var status = reader.OptionalString(root, "status") ?? "complete";
        if (status == "chunked")
        {
            throw new ApsObjectNotReadyException(storage.ObjectKey);
        }

        if (status is not ("complete" or "fallback"))
        {
            throw reader.Malformed($"unknown status '{status}' for object '{storage.ObjectKey}'");
        }

        var url = reader.RequiredString(root, "url");
        if (!Uri.TryCreate(url, UriKind.Absolute, out var uri))
        {
            throw reader.Malformed($"url for object '{storage.ObjectKey}' is not an absolute URL");
        }

        if (!HttpsRule.Allows(uri))
        {
            // The URL's query is its authorization: it must not cross a network in clear text. Named by origin only.
            throw reader.Malformed($"url for object '{storage.ObjectKey}' is not https ({HttpsRule.Origin(uri)}); a signed URL is used only over https, or http to a loopback host");
        }

        var sha1 = reader.OptionalString(root, "sha1");
        return new SignedDownload(uri, reader.OptionalInt64(root, "size"), string.IsNullOrEmpty(sha1) ? null : sha1.ToLowerInvariant(), requestedAt.AddMinutes(minutes));
    }
}
