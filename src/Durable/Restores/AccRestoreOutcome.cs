using AccBackup.AccRestore.Activities;

namespace AccBackup.Durable.Restores;

/// <summary>How a restore orchestration ended: Planned (no --apply), Restored, Incomplete (some files failed), AlreadyFinished
/// (its record was there: nothing written), or Failed (with why: a missing right, before any write).</summary>
public sealed record AccRestoreOutcome(string RestoreId, string Status, RestorePlanSummary? Plan, int FilesDone, int FilesFailed, int VersionsCreated, long UploadedBytes)
{
    /// <summary>Why it failed.</summary>
    public string? Failure { get; init; }

    /// <summary>The orchestration's generations (it continues as new every <see cref="AccRestoreInput.BatchesPerGeneration"/> batches).</summary>
    public int Generations { get; init; } = 1;
}
