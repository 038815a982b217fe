using AccBackup.AccRestore.Activities;

namespace AccBackup.Durable.Restores;

/// <summary>A restore's custom status: its phase (planning, planned, folders, files, done, failed), the plan in numbers, and progress.</summary>
public sealed record RestoreStatus(string Phase, RestorePlanSummary? Plan, int FilesDone, int FilesFailed, int VersionsCreated, long UploadedBytes)
{
    /// <summary>Why it failed, in the failure's own words (they name the folder and right, or the setting).</summary>
    public string? Failure { get; init; }
}
