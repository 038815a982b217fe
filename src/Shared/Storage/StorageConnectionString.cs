using System.Diagnostics.CodeAnalysis;

namespace AccBackup.Storage;

/// <summary>The parts of an Azure Storage connection string the blob client needs.</summary>
/// <remarks>A class, not a record: a generated <c>ToString</c> would print the key.</remarks>
internal sealed class StorageConnectionString
{
    /// <summary>The emulator's well-known account (public, documented by Microsoft).</summary>
    internal const string DevelopmentAccountName = "devstoreaccount1";

    /// <summary>The emulator's well-known key (public, documented by Microsoft; not a secret).</summary>
    internal const string DevelopmentAccountKey =
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private static readonly Uri DevelopmentBlobEndpoint = new("http://127.0.0.1:10000/" + DevelopmentAccountName);

    private StorageConnectionString(string accountName, byte[] accountKey, Uri blobEndpoint)
    {
        AccountName = accountName;
        AccountKey = accountKey;
        BlobEndpoint = blobEndpoint;
    }

    /// <summary>The storage account name used in Shared Key signatures.</summary>
    public string AccountName { get; }

    /// <summary>The decoded account key.</summary>
    public byte[] AccountKey { get; }

    /// <summary>The blob service endpoint: host style (https://acct.blob.core.windows.net) or path style (http://127.0.0.1:10000/devstoreaccount1).</summary>
    public Uri BlobEndpoint { get; }

    /// <summary>Parses <paramref name="text"/>, or throws a <see cref="FormatException"/> that never quotes it.</summary>
    public static StorageConnectionString Parse(string? text) =>
        TryParse(text, out var result, out var error) ? result : throw new FormatException($"Invalid storage connection string: {error}");

    /// <summary>Parses <paramref name="text"/>; on failure <paramref name="error"/> says what is wrong without quoting any value.</summary>
    public static bool TryParse(
        string? text,
        [NotNullWhen(true)] out StorageConnectionString? result,
        [NotNullWhen(false)] out string? error)
    {
        result = null;
        if (!TrySplit(text, out var settings, out error))
        {
            return false;
        }

        if (settings.TryGetValue("UseDevelopmentStorage", out var development))
        {
            if (!bool.TryParse(development, out var useDevelopment) || !useDevelopment)
            {
                error = "UseDevelopmentStorage must be 'true' when present";
                return false;
            }

            result = new(DevelopmentAccountName, Convert.FromBase64String(DevelopmentAccountKey), DevelopmentBlobEndpoint);
            return true;
        }

        if (!settings.TryGetValue("AccountName", out var account) || account.Length == 0)
        {
            error = "missing AccountName";
            return false;
        }

        if (!settings.TryGetValue("AccountKey", out var keyText) || keyText.Length == 0)
        {
            error = settings.ContainsKey("SharedAccessSignature")
                ? "SharedAccessSignature is not supported; use AccountKey or ServiceUri with a managed identity"
                : "missing AccountKey";
            return false;
        }

        var key = new byte[keyText.Length];
        if (!Convert.TryFromBase64String(keyText, key, out var keyLength))
        {
            error = "AccountKey is not valid base64";
            return false;
        }

        if (!TryGetBlobEndpoint(settings, account, out var endpoint, out error))
        {
            return false;
        }

        result = new(account, key[..keyLength], endpoint);
        return true;
    }

    /// <inheritdoc />
    public override string ToString() => $"AccountName={AccountName};BlobEndpoint={BlobEndpoint}";

    private static bool TrySplit(string? text, out Dictionary<string, string> settings, [NotNullWhen(false)] out string? error)
    {
        settings = new(StringComparer.OrdinalIgnoreCase);
        error = null;
        var segments = (text ?? string.Empty).Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (segments.Length == 0)
        {
            error = "it is empty";
            return false;
        }

        for (var i = 0; i < segments.Length; i++)
        {
            // Split at the first '=' only: base64 keys end with '='.
            var equals = segments[i].IndexOf('=', StringComparison.Ordinal);
            if (equals <= 0)
            {
                error = $"segment {i + 1} is not Name=Value";
                return false;
            }

            var name = segments[i][..equals].Trim();
            if (!settings.TryAdd(name, segments[i][(equals + 1)..].Trim()))
            {
                error = $"{name} appears more than once";
                return false;
            }
        }

        return true;
    }

    private static bool TryGetBlobEndpoint(
        Dictionary<string, string> settings, string account, [NotNullWhen(true)] out Uri? endpoint, [NotNullWhen(false)] out string? error)
    {
        error = null;
        if (settings.TryGetValue("BlobEndpoint", out var explicitEndpoint))
        {
            if (Uri.TryCreate(explicitEndpoint, UriKind.Absolute, out endpoint) && IsHttp(endpoint.Scheme) && endpoint.Query.Length == 0)
            {
                return true;
            }

            error = "BlobEndpoint is not an absolute http(s) URI without a query";
            return false;
        }

        var protocol = settings.GetValueOrDefault("DefaultEndpointsProtocol", Uri.UriSchemeHttps);
        if (!IsHttp(protocol))
        {
            error = "DefaultEndpointsProtocol must be http or https";
            endpoint = null;
            return false;
        }

        var suffix = settings.GetValueOrDefault("EndpointSuffix", "core.windows.net");
        if (Uri.TryCreate($"{protocol}://{account}.blob.{suffix}", UriKind.Absolute, out endpoint))
        {
            return true;
        }

        error = "AccountName and EndpointSuffix do not form a valid host name";
        return false;
    }

    private static bool IsHttp(string scheme) =>
        scheme.Equals(Uri.UriSchemeHttps, StringComparison.OrdinalIgnoreCase) || scheme.Equals(Uri.UriSchemeHttp, StringComparison.OrdinalIgnoreCase);
}
