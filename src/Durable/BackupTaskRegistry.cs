using AccBackup.Durable.Activities;
using AccBackup.Durable.Orchestrations;
using Microsoft.DurableTask;

namespace AccBackup.Durable;

/// <summary>Registers the run's orchestrations and activities under <see cref="TaskNames"/>: in the Function App (where
/// the Durable extension makes each a function), on the in-process test host and in the bench alike.</summary>
public static class BackupTaskRegistry
{
    /// <summary>Adds every task of a backup run; <paramref name="copyActivity"/> replaces the copy activity's class (tests).</summary>
    public static DurableTaskRegistry AddBackupTasks(this DurableTaskRegistry registry, Type? copyActivity = null)
    {
        ArgumentNullException.ThrowIfNull(registry);
        return registry
            .AddOrchestrator<BackupRunOrchestrator>(TaskNames.BackupRun)
            .AddOrchestrator<ProjectBackupOrchestrator>(TaskNames.ProjectBackup)
            .AddActivity<PrepareRunActivity>(TaskNames.PrepareRun)
            .AddActivity<ListFoldersActivity>(TaskNames.ListFolders)
            .AddActivity(TaskNames.CopyChunk, copyActivity ?? typeof(CopyChunkActivity))
            .AddActivity<ExportIssuesActivity>(TaskNames.ExportIssues)
            .AddActivity<ProveStoredBlobsActivity>(TaskNames.ProveStoredBlobs)
            .AddActivity<AssembleManifestActivity>(TaskNames.AssembleManifest);
    }
}
