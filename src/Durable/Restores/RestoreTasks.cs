using AccBackup.AccRestore;
using AccBackup.AccRestore.Activities;
using Microsoft.DurableTask;

namespace AccBackup.Durable.Restores;

/// <summary>The restore's orchestration and activities as the Durable runtime knows them: their registration (in the Function
/// App, on the in-process test host and in the bench alike) and the typed calls the orchestration makes. Each activity is a slice
/// of <c>src/Shared/AccRestore/Activities/</c> run through the one adapter and named after its class, as the backup's are
/// (<see cref="BackupTasks"/>).</summary>
public static class RestoreTasks
{
    /// <summary>Adds the restore's orchestrator and activities.</summary>
    public static DurableTaskRegistry AddRestoreTasks(this DurableTaskRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        return registry
            .AddOrchestrator<AccRestoreOrchestrator>(AccRestoreOrchestrator.Name)
            .AddRunActivity<PlanRestoreActivity, AccRestoreRequest, RestorePlanSummary>()
            .AddRunActivity<RestoreFoldersActivity, RestoreFoldersInput, int>()
            .AddRunActivity<RestoreFilesActivity, RestoreFilesInput, RestoreFilesResult>()
            .AddRunActivity<RecordRestoreActivity, RecordRestoreInput, bool>();
    }

    /// <summary>Plans the restore, or reads back its plan (<see cref="PlanRestoreActivity"/>).</summary>
    public static Task<RestorePlanSummary> PlanRestoreAsync(this TaskOrchestrationContext context, AccRestoreRequest input, TaskOptions options) =>
        BackupTasks.Call<PlanRestoreActivity, RestorePlanSummary>(context, input, options);

    /// <summary>Checks the rights and makes the target folders (<see cref="RestoreFoldersActivity"/>).</summary>
    public static Task<int> RestoreFoldersAsync(this TaskOrchestrationContext context, RestoreFoldersInput input, TaskOptions options) =>
        BackupTasks.Call<RestoreFoldersActivity, int>(context, input, options);

    /// <summary>Restores one batch of files (<see cref="RestoreFilesActivity"/>).</summary>
    public static Task<RestoreFilesResult> RestoreFilesAsync(this TaskOrchestrationContext context, RestoreFilesInput input, TaskOptions options) =>
        BackupTasks.Call<RestoreFilesActivity, RestoreFilesResult>(context, input, options);

    /// <summary>Writes the restore's record (<see cref="RecordRestoreActivity"/>).</summary>
    public static Task<bool> RecordRestoreAsync(this TaskOrchestrationContext context, RecordRestoreInput input, TaskOptions options) =>
        BackupTasks.Call<RecordRestoreActivity, bool>(context, input, options);
}
