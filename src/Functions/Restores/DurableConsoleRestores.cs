using AccBackup.AccRestore;
using AccBackup.BackupConsole.Restores;
using AccBackup.Durable.Restores;
using Microsoft.DurableTask.Client;

namespace AccBackup.Functions.Restores;

/// <summary>The console's restores in the Function App: the Durable restore orchestration, started by <see cref="RestoreStarter"/>
/// as <c>POST /api/restores</c> starts it (so it refuses while a backup, or another restore into the same project, runs) and
/// followed by its custom status (<see cref="RestoreStatus"/>).</summary>
/// <remarks>Applying starts a second instance, <c>{id}-apply</c>, whose plan blob is the shown plan written ahead of it: its plan
/// step finds that blob and plans nothing anew, so what is written is what the page showed.</remarks>
public sealed class DurableConsoleRestores(DurableTaskClient client, RestoreRecord record) : IConsoleRestores
{
    /// <summary>What an applying instance's id adds to its plan's.</summary>
    public const string ApplySuffix = "-apply";

    /// <inheritdoc />
    public async Task<RestoreRefusal?> PlanAsync(AccRestoreRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var started = await RestoreStarter.StartAsync(client, new AccRestoreInput(request with { Apply = false }), cancellationToken).ConfigureAwait(false);
        return Refusal(started);
    }

    /// <inheritdoc />
    public async Task<(string? RestoreId, RestoreRefusal? Refusal)> ApplyAsync(string restoreId, CancellationToken cancellationToken)
    {
        var planned = await client.GetInstanceAsync(restoreId, getInputsAndOutputs: true, cancellationToken).ConfigureAwait(false);
        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(restoreId), cancellationToken).ConfigureAwait(false);
        if (planned?.ReadInputAs<AccRestoreInput>() is not { } input || plan is null)
        {
            return (null, new RestoreRefusal("NotPlanned", $"restore {restoreId} has no plan yet: wait for its plan, then apply it"));
        }

        var applyId = restoreId + ApplySuffix;
        await record.WriteJsonOnceAsync(RestoreRecord.PlanBlob(applyId), plan with { RestoreId = applyId }, cancellationToken).ConfigureAwait(false);
        var started = await RestoreStarter.StartAsync(
            client, input with { Request = input.Request with { RestoreId = applyId, Apply = true } }, cancellationToken).ConfigureAwait(false);
        return Refusal(started) is { } refusal ? (null, refusal) : (applyId, null);
    }

    /// <inheritdoc />
    public async Task<RestoreProgress?> ProgressAsync(string restoreId, CancellationToken cancellationToken)
    {
        var instance = await client.GetInstanceAsync(restoreId, getInputsAndOutputs: true, cancellationToken).ConfigureAwait(false);
        if (instance is null)
        {
            return null;
        }

        var status = instance.ReadCustomStatusAs<RestoreStatus>();
        if (instance.RuntimeStatus is OrchestrationRuntimeStatus.Failed or OrchestrationRuntimeStatus.Terminated)
        {
            return new RestoreProgress(RestoreProgress.Failed, status?.FilesDone ?? 0, status?.FilesFailed ?? 0,
                instance.FailureDetails?.ErrorMessage ?? $"the restore's orchestration is {instance.RuntimeStatus}");
        }

        return status is null
            ? new RestoreProgress(RestoreProgress.Planning, 0, 0)
            : new RestoreProgress(Phase(status.Phase), status.FilesDone, status.FilesFailed, status.Failure);
    }

    private static string Phase(string phase) => phase switch
    {
        "planning" => RestoreProgress.Planning,
        "planned" => RestoreProgress.Planned,
        "folders" or "files" => RestoreProgress.Applying,
        "done" => RestoreProgress.Done,
        _ => RestoreProgress.Failed,
    };

    private static RestoreRefusal? Refusal(RestoreStartResult started) =>
        started.Outcome == RestoreStartOutcome.Started ? null : new RestoreRefusal(started.Outcome.ToString(), started.Detail);
}
