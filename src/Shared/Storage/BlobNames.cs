namespace AccBackup.Storage;

/// <summary>Rules for blob names the SDK would not check before sending.</summary>
internal static class BlobNames
{
    /// <summary>The service's limit on a blob name's length, in characters.</summary>
    public const int MaxLength = 1024;

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
