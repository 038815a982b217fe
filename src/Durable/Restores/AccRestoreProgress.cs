using AccBackup.AccRestore.Activities;

namespace AccBackup.Durable.Restores;

/// <summary>A restore's files step so far, carried through continue-as-new: the plan in numbers (planned and folders made once),
/// the next file to start, and what the finished batches did.</summary>
/// <param name="Generation">The orchestration's generation, 1 for the first.</param>
public sealed record AccRestoreProgress(RestorePlanSummary Plan, int NextFile, int FilesDone, int FilesFailed, int VersionsCreated, long UploadedBytes, int Generation)
{
    /// <summary>These counts with <paramref name="batch"/>'s added.</summary>
    public AccRestoreProgress With(RestoreFilesResult batch)
    {
        ArgumentNullException.ThrowIfNull(batch);
        return this with
        {
            FilesDone = FilesDone + batch.Files - batch.Failed, FilesFailed = FilesFailed + batch.Failed,
            VersionsCreated = VersionsCreated + batch.VersionsCreated, UploadedBytes = UploadedBytes + batch.UploadedBytes,
        };
    }

    /// <summary>The custom status showing these counts in <paramref name="phase"/>.</summary>
    public RestoreStatus Status(string phase) => new(phase, Plan, FilesDone, FilesFailed, VersionsCreated, UploadedBytes);
}
