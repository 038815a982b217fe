namespace AccBackup.Backup.SignedDownloads;

/// <summary>A whole-object GET found a larger object than planned for: switch to blocks.</summary>
internal sealed class SourceTooLargeException(long total) : Exception($"object is {total} bytes")
{
    public long Total { get; } = total;
}
