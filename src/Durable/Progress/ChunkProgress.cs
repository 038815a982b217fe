using AccBackup.Runs;


namespace AccBackup.Durable.Progress;

/// <summary>Files a copy activity (or several) has stored so far, and their bytes.</summary>
public sealed record ChunkProgress(long Copied, long BytesCopied)
{
    /// <summary>Nothing stored yet.</summary>
    public static ChunkProgress None { get; } = new(0, 0);

    /// <summary>This record and <paramref name="other"/> together.</summary>
    public ChunkProgress Add(ChunkProgress other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return new(Copied + other.Copied, BytesCopied + other.BytesCopied);
    }

    /// <summary><paramref name="progress"/> with these as its files and bytes copied.</summary>
    public BackupProgress ApplyTo(BackupProgress progress)
    {
        ArgumentNullException.ThrowIfNull(progress);
        return progress with { FilesCopied = Copied, BytesCopied = BytesCopied };
    }
}
