namespace AccBackup.Storage;

/// <summary>What a blob actually holds: its byte count and lower-case hex SHA-256.</summary>
public sealed record StoredContent(long Length, string Sha256)
{
    /// <summary>Whether this is the content a manifest entry recorded (same length, same hash ignoring case).</summary>
    public bool Matches(long? storedSize, string? sha256) =>
        storedSize == Length && string.Equals(sha256, Sha256, StringComparison.OrdinalIgnoreCase);
}
