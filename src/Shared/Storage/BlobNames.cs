namespace AccBackup.Storage;

/// <summary>What the backup container's names are: the tool's own reserved folder, and the rules the SDK would not check before sending.</summary>
public static class BlobNames
{
    /// <summary>The top-level folder of the tool's own data (manifests, run records, issue snapshots); no backed-up file's
    /// name starts with it (the backup's path builder makes sure), so the two never collide.</summary>
    public const string ReservedPrefix = "$acc-backup";

    /// <summary>The service's limit on a blob name's length, in characters.</summary>
    public const int MaxLength = 1024;

    /// <summary>Throws an <see cref="ArgumentException"/> if <paramref name="blobName"/> cannot be addressed exactly.</summary>
    internal static void Validate(string blobName, string paramName)
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

/// <summary>Block ids for Put Block / Put Block List: base64, at most 64 bytes decoded, one length for all blocks of a blob.</summary>
public static class BlobBlockIds
{
    /// <summary>The most blocks one blob can commit.</summary>
    public const int MaxBlocks = 50_000;

    /// <summary>The id of the block at <paramref name="index"/>: same length for every index, so ids of one blob never mix lengths.</summary>
    public static string FromIndex(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, MaxBlocks);
        return Convert.ToBase64String(System.Text.Encoding.ASCII.GetBytes($"block-{index:D6}"));
    }

    /// <summary>Throws an <see cref="ArgumentException"/> unless <paramref name="blockId"/> is base64 of 1 to 64 bytes.</summary>
    internal static void Validate(string blockId, string paramName)
    {
        ArgumentException.ThrowIfNullOrEmpty(blockId, paramName);
        Span<byte> decoded = stackalloc byte[64];
        if (blockId.Length > 88 || !Convert.TryFromBase64String(blockId, decoded, out var length) || length == 0)
        {
            throw new ArgumentException($"Block id '{blockId}' must be base64 of 1 to 64 bytes.", paramName);
        }
    }
}
