namespace AccBackup.Storage;

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
