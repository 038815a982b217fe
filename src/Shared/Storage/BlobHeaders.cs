using System.Net.Http.Headers;

namespace AccBackup.Storage;

/// <summary>Blob service header names and reading of blob properties from response headers.</summary>
internal static class BlobHeaders
{
    public const string Date = "x-ms-date";
    public const string Version = "x-ms-version";
    public const string ClientRequestId = "x-ms-client-request-id";
    public const string ErrorCode = "x-ms-error-code";
    public const string BlobType = "x-ms-blob-type";
    public const string BlobContentType = "x-ms-blob-content-type";
    public const string BlobContentMd5 = "x-ms-blob-content-md5";
    public const string Range = "x-ms-range";
    public const string IfMatch = "If-Match";
    public const string IfNoneMatch = "If-None-Match";
    public const string ETag = "ETag";

    /// <summary>The blob's properties from a Get Blob Properties or Get Blob response.</summary>
    public static StoredBlob ReadProperties(string blobName, HttpResponseMessage response)
    {
        var content = response.Content.Headers;
        return new StoredBlob(
            blobName,
            content.ContentLength ?? 0,
            ReadETag(response),
            content.LastModified ?? DateTimeOffset.MinValue,
            content.ContentMD5,
            content.ContentType?.ToString(),
            BlobMetadata.Read(response.Headers));
    }

    /// <summary>The ETag of a write response, in its quoted HTTP form.</summary>
    public static string ReadETag(HttpResponseMessage response) =>
        response.Headers.NonValidated.TryGetValues(ETag, out var values) ? NormalizeETag(values.ToString()) : string.Empty;

    /// <summary>The service error code, e.g. <c>ConditionNotMet</c>, when the response carries one.</summary>
    public static string? ReadErrorCode(HttpResponseHeaders headers) =>
        headers.NonValidated.TryGetValues(ErrorCode, out var values) ? values.ToString() : null;

    /// <summary>Quotes an ETag if needed: headers carry <c>"0x8D…"</c>, listings carry <c>0x8D…</c>.</summary>
    public static string NormalizeETag(string etag) =>
        etag.Length == 0 || etag == "*" || etag.StartsWith('"') || etag.StartsWith("W/", StringComparison.Ordinal) ? etag : $"\"{etag}\"";
}
