using System.Globalization;
using System.Net.Http.Headers;
using System.Text;

namespace AccBackup.Storage;

/// <summary>Builds the Shared Key string-to-sign (service version 2015-02-21 and later) for a request as it will be sent.</summary>
/// <remarks>https://learn.microsoft.com/rest/api/storageservices/authorize-with-shared-key</remarks>
internal static class SharedKeyStringToSign
{
    private const string StoragePrefix = "x-ms-";

    /// <summary>The exact text the account key signs for <paramref name="request"/>.</summary>
    public static string Build(HttpRequestMessage request, string accountName)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentNullException.ThrowIfNull(request.RequestUri);
        var content = request.Content?.Headers;
        var length = content?.ContentLength;
        var md5 = content?.ContentMD5;

        var builder = new StringBuilder(256);
        builder.Append(request.Method.Method.ToUpperInvariant()).Append('\n')
            .Append(Raw(content, "Content-Encoding")).Append('\n')
            .Append(Raw(content, "Content-Language")).Append('\n')
            .Append(length is null or 0 ? string.Empty : length.Value.ToString(CultureInfo.InvariantCulture)).Append('\n')
            .Append(md5 is null ? string.Empty : Convert.ToBase64String(md5)).Append('\n')
            .Append(Raw(content, "Content-Type")).Append('\n')
            .Append(Raw(request.Headers, "Date")).Append('\n')
            .Append(Raw(request.Headers, "If-Modified-Since")).Append('\n')
            .Append(Raw(request.Headers, "If-Match")).Append('\n')
            .Append(Raw(request.Headers, "If-None-Match")).Append('\n')
            .Append(Raw(request.Headers, "If-Unmodified-Since")).Append('\n')
            .Append(Raw(request.Headers, "Range")).Append('\n');
        AppendCanonicalizedHeaders(builder, request.Headers);
        AppendCanonicalizedResource(builder, request.RequestUri, accountName);
        return builder.ToString();
    }

    private static void AppendCanonicalizedHeaders(StringBuilder builder, HttpRequestHeaders headers)
    {
        var storageHeaders = new List<KeyValuePair<string, string>>();
        foreach (var header in headers.NonValidated)
        {
            if (header.Key.StartsWith(StoragePrefix, StringComparison.OrdinalIgnoreCase))
            {
                storageHeaders.Add(new(Lower(header.Key), string.Join(',', header.Value).Trim()));
            }
        }

        storageHeaders.Sort(static (x, y) => SharedKeyHeaderComparer.Instance.Compare(x.Key, y.Key));
        foreach (var (name, value) in storageHeaders)
        {
            builder.Append(name).Append(':').Append(value).Append('\n');
        }
    }

    private static void AppendCanonicalizedResource(StringBuilder builder, Uri uri, string accountName)
    {
        // The path stays encoded exactly as sent. For a path-style endpoint it already starts with the
        // account (/devstoreaccount1/container/blob), so the account appears twice: that is what the service expects.
        builder.Append('/').Append(accountName).Append(uri.AbsolutePath.Length == 0 ? "/" : uri.AbsolutePath);

        var parameters = new SortedDictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var pair in uri.Query.TrimStart('?').Split('&', StringSplitOptions.RemoveEmptyEntries))
        {
            var equals = pair.IndexOf('=', StringComparison.Ordinal);
            var name = Lower(Uri.UnescapeDataString(equals < 0 ? pair : pair[..equals]));
            var value = equals < 0 ? string.Empty : Uri.UnescapeDataString(pair[(equals + 1)..]);
            if (!parameters.TryGetValue(name, out var values))
            {
                parameters[name] = values = [];
            }

            values.Add(value);
        }

        foreach (var (name, values) in parameters)
        {
            values.Sort(StringComparer.Ordinal);
            builder.Append('\n').Append(name).Append(':').AppendJoin(',', values);
        }
    }

    private static string Raw(HttpHeaders? headers, string name) =>
        headers is not null && headers.NonValidated.TryGetValues(name, out var values) ? string.Join(", ", values) : string.Empty;

    // The protocol defines the canonical form in lowercase.
#pragma warning disable CA1308 // Normalize strings to uppercase
    private static string Lower(string text) => text.ToLowerInvariant();
#pragma warning restore CA1308
}
