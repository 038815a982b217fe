using Azure.Storage.Blobs;

namespace AccBackup.Storage;

/// <summary>Says what is wrong with a storage connection string without quoting it: it holds the account key.</summary>
/// <remarks>The SDK parses it (and says only "connection string parsing error"); this names the missing part first.</remarks>
internal static class ConnectionStringCheck
{
    /// <summary>Null when the SDK accepts <paramref name="connectionString"/>, else what is wrong with it.</summary>
    public static string? Problem(string connectionString)
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var segments = connectionString.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        for (var i = 0; i < segments.Length; i++)
        {
            var equals = segments[i].IndexOf('=', StringComparison.Ordinal);
            if (equals <= 0)
            {
                return $"segment {i + 1} is not Name=Value";
            }

            names.Add(segments[i][..equals]);
        }

        var development = names.Contains("UseDevelopmentStorage");
        if (!development && !names.Contains("AccountName"))
        {
            return "missing AccountName";
        }

        if (!development && !names.Contains("AccountKey"))
        {
            return "missing AccountKey";
        }

        try
        {
            _ = new BlobServiceClient(connectionString);
            return null;
        }
        catch (Exception e) when (e is FormatException or ArgumentException or InvalidOperationException)
        {
            return "the Azure SDK cannot parse it (check UseDevelopmentStorage=true, AccountKey base64, BlobEndpoint)";
        }
    }
}
