namespace AccBackup.Runs;

/// <summary>A run's progress, reported at each milestone (small: safe as a durable custom status).</summary>
public sealed record BackupProgress(
    string RunId,
    string Phase,
    int ProjectsDone,
    int ProjectsTotal,
    long FoldersListed,
    long FilesFound,
    long FilesCopied,
    long FilesUnchanged,
    long FilesNoContent,
    long FilesFailed,
    long BytesCopied,
    long BytesFound,
    long SizeMismatches)
{
    /// <summary>Files a dry run would copy.</summary>
    public long FilesPlanned { get; init; }
}
