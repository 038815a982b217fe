using AccBackup.Durable.Orchestrations;
using AccBackup.Durable.Progress;
using AccBackup.Manifest;
using AccBackup.Runs;
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
        return instance is null || instance.Name != TaskNames.BackupRun ? null : await ViewAsync(client, instance, cancellationToken).ConfigureAwait(false);
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
            // Projects still running report their own counts; the run's status holds only the finished ones'.
            var query = new OrchestrationQuery { InstanceIdPrefix = instance.InstanceId + ":p", Statuses = [OrchestrationRuntimeStatus.Running], FetchInputsAndOutputs = true };
            await foreach (var project in client.GetAllInstancesAsync(query).WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                if (project.SerializedCustomStatus is not null && project.ReadCustomStatusAs<BackupProgress>() is { } running)
                {
                    progress = Add(progress, running);
                }
            }

            // Read after the statuses: a chunk whose record is still there had not returned when they were read (its
            // activity deletes the record first), so no chunk is counted twice.
            progress = (await chunks.SumAsync(instance.InstanceId, cancellationToken).ConfigureAwait(false)).AddTo(progress);
        }

        var outcome = instance.RuntimeStatus == OrchestrationRuntimeStatus.Completed ? instance.ReadOutputAs<BackupRunOutcome>() : null;
        return new BackupRunView(instance.InstanceId, instance.RuntimeStatus.ToString(), instance.CreatedAt, instance.LastUpdatedAt, progress,
            status?.ProjectsRunning ?? 0, outcome, FailureOf(instance, status));
    }

    /// <summary>Why a failed run failed: its status says it in the run's own words; the failure details or the output (where a
    /// Functions host puts a failed instance's reason) say it otherwise.</summary>
    internal static string? FailureOf(OrchestrationMetadata instance, RunStatus? status) =>
        instance.RuntimeStatus != OrchestrationRuntimeStatus.Failed ? null
        : status?.Failure ?? instance.FailureDetails?.ErrorMessage ?? instance.SerializedOutput;

    private static BackupProgress Add(BackupProgress run, BackupProgress project) => run with
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
