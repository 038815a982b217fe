using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace AccEmulator.Content;

/// <summary>Signs and checks the S3-style download URLs that signeds3download hands out.</summary>
/// <remarks>The key is random per emulator instance, so a URL from another instance (or a tampered one) is refused.</remarks>
internal sealed class UrlSigner
{
    public const string DateFormat = "yyyyMMdd'T'HHmmss'Z'";

    private readonly byte[] _key = RandomNumberGenerator.GetBytes(32);

    /// <summary>An absolute download URL for <paramref name="objectKey"/> (or one chunk of it) valid from <paramref name="now"/>.</summary>
    public string CreateUrl(string baseUrl, string bucket, string objectKey, string? chunk, DateTimeOffset now, TimeSpan lifetime)
    {
        var date = now.UtcDateTime.ToString(DateFormat, CultureInfo.InvariantCulture);
        var expires = Math.Max(1, (long)Math.Ceiling(lifetime.TotalSeconds)).ToString(CultureInfo.InvariantCulture);
        var credential = Uri.EscapeDataString($"EMULATOR/{date[..8]}/us-east-1/s3/aws4_request");
        var query = new StringBuilder()
            .Append("X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=").Append(credential)
            .Append("&X-Amz-Date=").Append(date)
            .Append("&X-Amz-Expires=").Append(expires)
            .Append("&X-Amz-SignedHeaders=host");
        if (chunk is not null)
        {
            query.Append("&chunk=").Append(chunk);
        }

        query.Append("&X-Amz-Signature=").Append(Sign(bucket, objectKey, chunk, date, expires));
        return $"{baseUrl}/_s3/{bucket}/{Uri.EscapeDataString(objectKey)}?{query}";
    }

    public bool Verify(string bucket, string objectKey, string? chunk, string date, string expires, string signature)
    {
        var expected = Encoding.ASCII.GetBytes(Sign(bucket, objectKey, chunk, date, expires));
        return CryptographicOperations.FixedTimeEquals(expected, Encoding.ASCII.GetBytes(signature));
    }

    private string Sign(string bucket, string objectKey, string? chunk, string date, string expires) =>
        Convert.ToHexStringLower(HMACSHA256.HashData(_key, Encoding.UTF8.GetBytes($"{bucket}\n{objectKey}\n{chunk}\n{date}\n{expires}")));
}
