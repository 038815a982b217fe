namespace AccBackup.Storage;

/// <summary>Rules for blob names and their form in a request path.</summary>
internal static class BlobNames
{
    /// <summary>The service's limit on a blob name's length, in characters.</summary>
    public const int MaxLength = 1024;

    /// <summary>Percent-encodes each <c>/</c>-separated segment of <paramref name="blobName"/> (unicode, spaces, #, ?, %, +) and keeps the separators.</summary>
    public static string EncodePath(string blobName, string paramName)
    {
        Validate(blobName, paramName);
        return string.Join('/', blobName.Split('/').Select(Uri.EscapeDataString));
    }

    /// <summary>Throws an <see cref="ArgumentException"/> if <paramref name="blobName"/> cannot be addressed exactly.</summary>
    public static void Validate(string blobName, string paramName)
    {
        ArgumentException.ThrowIfNullOrEmpty(blobName, paramName);
        if (blobName.Length > MaxLength)
        {
            throw new ArgumentException($"Blob name is {blobName.Length} characters; the limit is {MaxLength}.", paramName);
        }

        // URI normalization collapses "." and ".." segments, so such a name would silently address another blob.
        foreach (var segment in blobName.Split('/'))
        {
            if (segment is "." or "..")
            {
                throw new ArgumentException($"Blob name '{blobName}' has a '.' or '..' segment, which HTTP paths collapse.", paramName);
            }
        }
    }
}
