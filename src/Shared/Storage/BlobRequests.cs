using System.Globalization;
using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;
using System.Xml.Linq;

namespace AccBackup.Storage;

/// <summary>Builds the Blob REST requests for one container; each call returns a new message, so every attempt gets its own.</summary>
internal sealed class BlobRequests
{
    private readonly string containerUri;

    /// <summary>Requests against <paramref name="containerName"/> under <paramref name="serviceEndpoint"/> (host or path style).</summary>
    public BlobRequests(Uri serviceEndpoint, string containerName)
    {
        containerUri = $"{serviceEndpoint.AbsoluteUri.TrimEnd('/')}/{Uri.EscapeDataString(containerName)}";
        ContainerUri = new Uri(containerUri);
    }

    /// <summary>The container's address.</summary>
    public Uri ContainerUri { get; }

    /// <summary>MD5 of <paramref name="content"/>: the Blob service's per-request integrity check, not a security measure.</summary>
#pragma warning disable CA5351 // Content-MD5 is what the protocol verifies; nothing here relies on MD5 for security.
    public static byte[] Md5(ReadOnlySpan<byte> content) => MD5.HashData(content);
#pragma warning restore CA5351

    /// <summary>Create Container.</summary>
    public HttpRequestMessage CreateContainer() => new(HttpMethod.Put, $"{containerUri}?restype=container");

    /// <summary>Get Blob Properties.</summary>
    public HttpRequestMessage GetProperties(string blobName) => new(HttpMethod.Head, BlobUri(blobName));

    /// <summary>Delete Blob.</summary>
    public HttpRequestMessage Delete(string blobName) => new(HttpMethod.Delete, BlobUri(blobName));

    /// <summary>Put Blob: the whole block blob in one request, checked against <paramref name="contentMd5"/>.</summary>
    public HttpRequestMessage PutBlob(string blobName, ReadOnlyMemory<byte> content, byte[] contentMd5, BlobWriteOptions options)
    {
        var request = new HttpRequestMessage(HttpMethod.Put, BlobUri(blobName)) { Content = Body(content, contentMd5) };
        request.Headers.TryAddWithoutValidation(BlobHeaders.BlobType, "BlockBlob");
        ApplyWriteOptions(request, options);
        return request;
    }

    /// <summary>Put Block: stages one block under <paramref name="blockId"/>, checked against <paramref name="contentMd5"/>.</summary>
    public HttpRequestMessage PutBlock(string blobName, string blockId, ReadOnlyMemory<byte> content, byte[] contentMd5) =>
        new(HttpMethod.Put, $"{BlobUri(blobName)}?comp=block&blockid={Uri.EscapeDataString(blockId)}") { Content = Body(content, contentMd5) };

    /// <summary>Put Block List: commits <paramref name="blockIds"/> (latest staged versions) in order as the blob's content.</summary>
    public HttpRequestMessage PutBlockList(string blobName, IReadOnlyList<string> blockIds, BlobWriteOptions options)
    {
        var list = new XElement("BlockList", blockIds.Select(static id => new XElement("Latest", id)));
        var body = Encoding.UTF8.GetBytes("<?xml version=\"1.0\" encoding=\"utf-8\"?>" + list.ToString(SaveOptions.DisableFormatting));
        var request = new HttpRequestMessage(HttpMethod.Put, $"{BlobUri(blobName)}?comp=blocklist") { Content = Body(body, Md5(body)) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/xml");
        ApplyWriteOptions(request, options);
        return request;
    }

    /// <summary>Get Blob, the whole blob or the range from <paramref name="offset"/> for <paramref name="length"/> bytes.</summary>
    public HttpRequestMessage Get(string blobName, long? offset, long? length)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, BlobUri(blobName));
        if (offset is not null || length is not null)
        {
            var start = offset ?? 0;
            var end = length is { } count ? (start + count - 1).ToString(CultureInfo.InvariantCulture) : string.Empty;
            request.Headers.TryAddWithoutValidation(BlobHeaders.Range, $"bytes={start.ToString(CultureInfo.InvariantCulture)}-{end}");
        }

        return request;
    }

    /// <summary>List Blobs with metadata, one page from <paramref name="marker"/>.</summary>
    public HttpRequestMessage List(string? prefix, string? marker, int? maxResults)
    {
        var query = new StringBuilder($"{containerUri}?restype=container&comp=list&include=metadata");
        if (!string.IsNullOrEmpty(prefix))
        {
            query.Append("&prefix=").Append(Uri.EscapeDataString(prefix));
        }

        if (!string.IsNullOrEmpty(marker))
        {
            query.Append("&marker=").Append(Uri.EscapeDataString(marker));
        }

        if (maxResults is { } max)
        {
            query.Append(CultureInfo.InvariantCulture, $"&maxresults={max}");
        }

        return new HttpRequestMessage(HttpMethod.Get, query.ToString());
    }

    private static ReadOnlyMemoryContent Body(ReadOnlyMemory<byte> content, byte[] contentMd5) =>
        new(content) { Headers = { ContentMD5 = contentMd5 } };

    private static void ApplyWriteOptions(HttpRequestMessage request, BlobWriteOptions options)
    {
        if (!string.IsNullOrEmpty(options.ContentType))
        {
            request.Headers.TryAddWithoutValidation(BlobHeaders.BlobContentType, options.ContentType);
        }

        if (options.ContentMd5 is { } md5)
        {
            request.Headers.TryAddWithoutValidation(BlobHeaders.BlobContentMd5, Convert.ToBase64String(md5));
        }

        if (options.Metadata is { } metadata)
        {
            BlobMetadata.Write(request.Headers, metadata);
        }

        options.Conditions?.Apply(request);
    }

    private string BlobUri(string blobName) => $"{containerUri}/{BlobNames.EncodePath(blobName, nameof(blobName))}";
}
