using AccBackup.Manifest;
using AccBackup.Runs;

namespace AccBackup.Durable.Progress;

/// <summary>Files of a chunk (or several) whose copy has ended: stored, found stored, or failed, and the bytes stored.</summary>
public sealed record ChunkProgress(long Copied, long Unchanged, long Failed, long BytesCopied)
{
    /// <summary>Nothing ended yet.</summary>
    public static ChunkProgress None { get; } = new(0, 0, 0, 0);

    /// <summary>The counts of <paramref name="counts"/>.</summary>
    public static ChunkProgress Of(StatusCounts counts)
    {
        ArgumentNullException.ThrowIfNull(counts);
        return new(counts.Copied, counts.Unchanged, counts.Failed, counts.CopiedBytes);
    }

    /// <summary>This record and <paramref name="other"/> together.</summary>
    public ChunkProgress Add(ChunkProgress other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return new(Copied + other.Copied, Unchanged + other.Unchanged, Failed + other.Failed, BytesCopied + other.BytesCopied);
    }

    /// <summary><paramref name="progress"/> with these files added.</summary>
    public BackupProgress AddTo(BackupProgress progress)
    {
        ArgumentNullException.ThrowIfNull(progress);
        return progress with
        {
            FilesCopied = progress.FilesCopied + Copied, FilesUnchanged = progress.FilesUnchanged + Unchanged, FilesFailed = progress.FilesFailed + Failed,
            BytesCopied = progress.BytesCopied + BytesCopied,
        };
    }
}
