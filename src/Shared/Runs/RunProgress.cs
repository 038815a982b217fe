using AccBackup.Manifest;

namespace AccBackup.Runs;

/// <summary>A run's counters as the driver sees them, reported as <see cref="BackupProgress"/>.</summary>
internal sealed class RunProgress(string runId, int projectsTotal, IProgress<BackupProgress>? sink)
{
    private readonly List<ProjectFailure> failedProjects = [];
    private int projectsDone;
    private long foldersListed, filesFound, bytesFound, copied, unchanged, noContent, failed, bytesCopied, mismatches;

    public string RunId => runId;

    public long FoldersListed => foldersListed;

    public IReadOnlyList<ProjectFailure> FailedProjects => failedProjects;

    public void Listed(FolderWaveResult result)
    {
        foldersListed += result.FoldersListed;
        filesFound += result.Files;
        bytesFound += result.Bytes;
        unchanged += result.CarriedFiles;
    }

    public void Copied(ChunkCopyResult result)
    {
        copied += result.Copied;
        unchanged += result.Unchanged;
        noContent += result.NoContent + result.Planned;
        failed += result.Failed;
        bytesCopied += result.BytesCopied;
        mismatches += result.SizeMismatches;
    }

    public void ProjectDone() => projectsDone++;

    public void ProjectFailed(ProjectFailure failure) => failedProjects.Add(failure);

    public void Report(string phase, ManifestSummary? summary = null) => sink?.Report(summary is null
        ? new BackupProgress(runId, phase, projectsDone, projectsTotal, foldersListed, filesFound, copied, unchanged, noContent, failed, bytesCopied, bytesFound, mismatches)
        : new BackupProgress(runId, phase, projectsTotal, projectsTotal, summary.Folders, summary.Files, summary.Copied, summary.Unchanged,
            summary.NoContent, summary.Failed, bytesCopied, bytesFound, summary.SizeMismatchCount));
}
