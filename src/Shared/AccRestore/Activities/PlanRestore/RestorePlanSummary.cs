using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;

namespace AccBackup.AccRestore.Activities;

/// <summary>A plan in a few numbers, small enough for the orchestration's history and status (the plan itself is a blob).</summary>
public sealed record RestorePlanSummary(
    string RestoreId, string RunId, bool AlreadyFinished, int Files, IReadOnlyDictionary<string, int> Counts, int FoldersToCreate, int FoldersToUnhide,
    long UploadBytes, RestoreQuotaFloor QuotaFloor)
{
    /// <summary>The summary of <paramref name="plan"/>.</summary>
    public static RestorePlanSummary Of(AccRestorePlan plan, bool alreadyFinished)
    {
        ArgumentNullException.ThrowIfNull(plan);
        return new(plan.RestoreId, plan.RunId, alreadyFinished, plan.Files.Count, plan.Counts.ToDictionary(c => c.Key.ToString(), c => c.Value),
            plan.FoldersToCreate, plan.FoldersToUnhide, plan.UploadBytes, plan.QuotaFloor);
    }
}
