using AccBackup.AccRestore;
using Microsoft.DurableTask;

namespace AccBackup.Durable.Restores;

/// <summary>A restore into ACC: plan → (with apply) rights and folders → a sliding window of file batches → the record.</summary>
/// <remarks>The restore id is the instance id. History holds a few events per batch of files, never per file; every activity
/// is safe to repeat (each keeps its result as a blob written once, and the files step looks at ACC before it writes), so a
/// restore resumed after a restart finishes exactly the rest.</remarks>
public sealed class AccRestoreOrchestrator : TaskOrchestrator<AccRestoreInput, AccRestoreOutcome>
{
    private static readonly TaskOptions Retrying = TaskOptions.FromRetryPolicy(new RetryPolicy(3, TimeSpan.FromSeconds(2))
    {
        // A missing right or a bad request stays so: only what may pass on a second try is tried again.
        HandleFailure = failure => failure.ErrorType is not ("AccBackup.AccRestore.RestorePermissionException" or "System.ArgumentException" or "System.InvalidOperationException"),
    });

    /// <inheritdoc />
    public override async Task<AccRestoreOutcome> RunAsync(TaskOrchestrationContext context, AccRestoreInput input)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(input);
        var id = context.InstanceId;
        var request = input.Request with { RestoreId = id };
        context.SetCustomStatus(new RestoreStatus("planning", null, 0, 0, 0, 0));
        RestorePlanSummary plan;
        try
        {
            plan = await context.CallActivityAsync<RestorePlanSummary>(RestoreTaskNames.PlanRestore, request, Retrying);
        }
        catch (TaskFailedException e)
        {
            return Failed(context, id, null, e);
        }

        if (plan.AlreadyFinished)
        {
            context.SetCustomStatus(new RestoreStatus("done", plan, 0, 0, 0, 0));
            return new AccRestoreOutcome(id, "AlreadyFinished", plan, 0, 0, 0, 0);
        }

        if (!request.Apply)
        {
            context.SetCustomStatus(new RestoreStatus("planned", plan, 0, 0, 0, 0));
            return new AccRestoreOutcome(id, "Planned", plan, 0, 0, 0, 0);
        }

        context.SetCustomStatus(new RestoreStatus("folders", plan, 0, 0, 0, 0));
        try
        {
            await context.CallActivityAsync<int>(RestoreTaskNames.RestoreFolders, id, Retrying);
        }
        catch (TaskFailedException e)
        {
            return Failed(context, id, plan, e);
        }

        var (done, failed, versions, bytes) = (0, 0, 0, 0L);
        var running = new List<Task<RestoreBatchResult>>();
        var batch = Math.Max(1, input.FilesPerBatch);
        for (var next = 0; next < plan.Files || running.Count > 0;)
        {
            while (next < plan.Files && running.Count < Math.Max(1, input.BatchesInFlight))
            {
                running.Add(context.CallActivityAsync<RestoreBatchResult>(RestoreTaskNames.RestoreFiles, new RestoreBatch(id, next, Math.Min(batch, plan.Files - next)), Retrying));
                next += batch;
            }

            var finished = await Task.WhenAny(running);
            running.Remove(finished);
            var result = await finished;
            (done, failed, versions, bytes) = (done + result.Files - result.Failed, failed + result.Failed, versions + result.VersionsCreated, bytes + result.UploadedBytes);
            context.SetCustomStatus(new RestoreStatus("files", plan, done, failed, versions, bytes));
        }

        await context.CallActivityAsync<bool>(RestoreTaskNames.RecordRestore, new RestoreBatch(id, 0, batch), Retrying);
        context.SetCustomStatus(new RestoreStatus("done", plan, done, failed, versions, bytes));
        return new AccRestoreOutcome(id, failed == 0 ? "Restored" : "Incomplete", plan, done, failed, versions, bytes);
    }

    private static AccRestoreOutcome Failed(TaskOrchestrationContext context, string id, RestorePlanSummary? plan, TaskFailedException e)
    {
        var why = e.FailureDetails.ErrorMessage;
        context.SetCustomStatus(new RestoreStatus("failed", plan, 0, 0, 0, 0) { Failure = why });
        return new AccRestoreOutcome(id, "Failed", plan, 0, 0, 0, 0) { Failure = why };
    }
}
