using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Progress;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Control;

/// <summary>Answers the status endpoints from the orchestrations (runs in progress) and the manifests (runs done).</summary>
public sealed class BackupRunQueries(RunHistory history, ChunkProgressStore chunks)
{
    /// <summary>Run <paramref name="runId"/>'s view, or null when no such orchestration exists.</summary>
    public async Task<BackupRunView?> GetAsync(DurableTaskClient client, string runId, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        var instance = await client.GetInstanceAsync(runId, getInputsAndOutputs: true, cancellationToken).ConfigureAwait(false);
        return instance is null || instance.Name != BackupRunOrchestrator.Name ? null : await ViewAsync(client, instance, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The run in progress (if any) and the <paramref name="top"/> most recent runs with a manifest.</summary>
    public async Task<BackupRunList> ListAsync(DurableTaskClient client, int top, CancellationToken cancellationToken)
    {
        var active = await BackupStarter.FindActiveRunAsync(client, cancellationToken).ConfigureAwait(false);
        var view = active is null ? null : await GetAsync(client, active.InstanceId, cancellationToken).ConfigureAwait(false);
        return new BackupRunList(view, await history.ListAsync(top, cancellationToken).ConfigureAwait(false));
    }

    private async Task<BackupRunView> ViewAsync(DurableTaskClient client, OrchestrationMetadata instance, CancellationToken cancellationToken)
    {
        var status = instance.SerializedCustomStatus is null ? null : instance.ReadCustomStatusAs<RunStatus>();
        var progress = status?.Progress;
        if (instance.IsRunning && progress is not null)
        {
            // The run's status holds the projects it has counted; the others report their own counts, or their outcome
            // when they ended and the run has not counted them yet (so no count drops while a project hands over).
            foreach (var key in status!.RunningProjects ?? [])
            {
                progress = Add(progress, await ProjectProgressAsync(client, instance.InstanceId, key, cancellationToken).ConfigureAwait(false));
            }

            // Files copied are counted by the copies' own records, which move every second (ChunkProgressStore).
            progress = (await chunks.SumAsync(instance.InstanceId, cancellationToken).ConfigureAwait(false)).ApplyTo(progress);
        }

        var outcome = instance.RuntimeStatus == OrchestrationRuntimeStatus.Completed ? instance.ReadOutputAs<BackupRunOutcome>() : null;
        return new BackupRunView(instance.InstanceId, instance.RuntimeStatus.ToString(), instance.CreatedAt, instance.LastUpdatedAt, progress,
            status?.ProjectsRunning ?? 0, outcome, FailureOf(instance, status));
    }

    private static async Task<BackupProgress?> ProjectProgressAsync(DurableTaskClient client, string runId, int key, CancellationToken cancellationToken)
    {
        var project = await client.GetInstanceAsync(Manifest.Catalog.RunId.Parse(runId).ProjectInstance(key), getInputsAndOutputs: true, cancellationToken).ConfigureAwait(false);
        return project switch
        {
            { RuntimeStatus: OrchestrationRuntimeStatus.Completed } when project.ReadOutputAs<ProjectBackupOutcome>() is { } done => done.Tally.ToProgress(runId, ""),
            { SerializedCustomStatus: not null } => project.ReadCustomStatusAs<BackupProgress>(),
            _ => null,
        };
    }

    /// <summary>Why a failed run failed: its status says it in the run's own words; the failure details or the output (where a
    /// Functions host puts a failed instance's reason) say it otherwise.</summary>
    internal static string? FailureOf(OrchestrationMetadata instance, RunStatus? status) =>
        instance.RuntimeStatus != OrchestrationRuntimeStatus.Failed ? null
        : status?.Failure ?? instance.FailureDetails?.ErrorMessage ?? instance.SerializedOutput;

    private static BackupProgress Add(BackupProgress run, BackupProgress? project) => project is null ? run : run with
    {
        FoldersListed = run.FoldersListed + project.FoldersListed,
        FilesFound = run.FilesFound + project.FilesFound,
        FilesCopied = run.FilesCopied + project.FilesCopied,
        FilesUnchanged = run.FilesUnchanged + project.FilesUnchanged,
        FilesNoContent = run.FilesNoContent + project.FilesNoContent,
        FilesFailed = run.FilesFailed + project.FilesFailed,
        BytesCopied = run.BytesCopied + project.BytesCopied,
        BytesFound = run.BytesFound + project.BytesFound,
        SizeMismatches = run.SizeMismatches + project.SizeMismatches,
        FilesPlanned = run.FilesPlanned + project.FilesPlanned,
    };
}
