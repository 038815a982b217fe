using AccBackup.Durable.Activities;
using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Progress;
using AccBackup.Manifest;
using AccBackup.Runs.Activities;
using Microsoft.DurableTask;

namespace AccBackup.Durable;

/// <summary>The run's orchestrations and activities as the Durable runtime knows them: their registration (in the Function
/// App, where the Durable extension makes each a function, on the in-process test host and in the bench alike) and the typed
/// calls the orchestrations make. An activity is named after its class in src/Shared without the <c>Activity</c> suffix
/// (<see cref="ListFoldersActivity"/> runs as <c>ListFolders</c>), the name its slice's folder has.</summary>
public static class BackupTasks
{
    /// <summary>The name <typeparamref name="TActivity"/> is registered and called by.</summary>
    public static string NameOf<TActivity>() => NameOf(typeof(TActivity));

    /// <summary>Adds every task of a backup run; <paramref name="copyActivity"/> replaces the copy activity's class (tests).</summary>
    public static DurableTaskRegistry AddBackupTasks(this DurableTaskRegistry registry, Type? copyActivity = null)
    {
        ArgumentNullException.ThrowIfNull(registry);
        return registry
            .AddOrchestrator<BackupRunOrchestrator>(BackupRunOrchestrator.Name)
            .AddOrchestrator<ProjectBackupOrchestrator>(ProjectBackupOrchestrator.Name)
            .AddRunActivity<PrepareRunActivity, PrepareRunInput, PrepareRunResult>()
            .AddRunActivity<ListFoldersActivity, ListFoldersInput, ListFoldersResult>()
            .AddActivity(NameOf<CopyChunkActivity>(), copyActivity ?? typeof(DurableActivity<ProgressRecordingCopy, CopyChunkInput, CopyChunkResult>))
            .AddRunActivity<ExportIssuesActivity, ExportIssuesInput, ExportIssuesResult>()
            .AddRunActivity<ExportModuleActivity, ExportModuleInput, ExportModuleResult>()
            .AddRunActivity<ProveStoredBlobsActivity, ProveStoredBlobsInput, ProofSummary?>()
            .AddRunActivity<AssembleManifestActivity, AssembleManifestInput, BackupRunOutcome>();
    }

    /// <summary>Prepares the run (<see cref="PrepareRunActivity"/>).</summary>
    public static Task<PrepareRunResult> PrepareRunAsync(this TaskOrchestrationContext context, PrepareRunInput input, TaskOptions options) =>
        Call<PrepareRunActivity, PrepareRunResult>(context, input, options);

    /// <summary>Lists a slice of a project's folders (<see cref="ListFoldersActivity"/>).</summary>
    public static Task<ListFoldersResult> ListFoldersAsync(this TaskOrchestrationContext context, ListFoldersInput input, TaskOptions options) =>
        Call<ListFoldersActivity, ListFoldersResult>(context, input, options);

    /// <summary>Copies one inventory chunk (<see cref="CopyChunkActivity"/>, its progress recorded).</summary>
    public static Task<CopyChunkResult> CopyChunkAsync(this TaskOrchestrationContext context, CopyChunkInput input, TaskOptions options) =>
        Call<CopyChunkActivity, CopyChunkResult>(context, input, options);

    /// <summary>Exports one project's issues (<see cref="ExportIssuesActivity"/>).</summary>
    public static Task<ExportIssuesResult> ExportIssuesAsync(this TaskOrchestrationContext context, ExportIssuesInput input, TaskOptions options) =>
        Call<ExportIssuesActivity, ExportIssuesResult>(context, input, options);

    /// <summary>Proves tonight's slice of the stored blobs (<see cref="ProveStoredBlobsActivity"/>).</summary>
    public static Task<ProofSummary?> ProveStoredBlobsAsync(this TaskOrchestrationContext context, ProveStoredBlobsInput input, TaskOptions options) =>
        Call<ProveStoredBlobsActivity, ProofSummary?>(context, input, options);

    /// <summary>Writes the manifest (<see cref="AssembleManifestActivity"/>).</summary>
    public static Task<BackupRunOutcome> AssembleManifestAsync(this TaskOrchestrationContext context, AssembleManifestInput input, TaskOptions options) =>
        Call<AssembleManifestActivity, BackupRunOutcome>(context, input, options);

    /// <summary>Calls <typeparamref name="TActivity"/> by its name.</summary>
    internal static Task<TResult> Call<TActivity, TResult>(TaskOrchestrationContext context, object input, TaskOptions options)
    {
        ArgumentNullException.ThrowIfNull(context);
        return context.CallActivityAsync<TResult>(NameOf<TActivity>(), input, options);
    }

    /// <summary>Adds <typeparamref name="TActivity"/> as the activity named after it, run through <see cref="DurableActivity{TActivity, TInput, TResult}"/>.</summary>
    internal static DurableTaskRegistry AddRunActivity<TActivity, TInput, TResult>(this DurableTaskRegistry registry)
        where TActivity : IRunActivity<TInput, TResult> =>
        registry.AddActivity<DurableActivity<TActivity, TInput, TResult>>(NameOf<TActivity>());

    /// <summary>The name the run activity <paramref name="activity"/> is registered and called by.</summary>
    public static string NameOf(Type activity)
    {
        ArgumentNullException.ThrowIfNull(activity);
        const string Suffix = "Activity";
        return activity.Name.EndsWith(Suffix, StringComparison.Ordinal) ? activity.Name[..^Suffix.Length] : activity.Name;
    }
}
