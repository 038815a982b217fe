using AccBackup.AccRestore.Activities;
using AccBackup.AccRestore.Executing;
using Microsoft.DurableTask;

namespace AccBackup.Durable.Restores;

/// <summary>A restore into ACC: plan → (with apply) rights and folders → a sliding window of file batches → the record.</summary>
/// <remarks>The restore id is the instance id. History holds a few events per batch of files, never per file, and the orchestration
/// continues as new every <see cref="AccRestoreInput.BatchesPerGeneration"/> batches, so a whole account's restore keeps a bounded
/// history. Every activity is safe to repeat (each keeps its result as a blob written once, and the files step looks at ACC before
/// it writes), so a restore resumed after a restart finishes exactly the rest.</remarks>
public sealed class AccRestoreOrchestrator : TaskOrchestrator<AccRestoreInput, AccRestoreOutcome?>
{
    /// <summary>The name it is registered and started by.</summary>
    public const string Name = "AccRestore";

    private static readonly string[] Permanent =
        [typeof(RestorePermissionException).FullName!, typeof(ArgumentException).FullName!, typeof(InvalidOperationException).FullName!];

    private static readonly TaskOptions Retrying = TaskOptions.FromRetryPolicy(new RetryPolicy(3, TimeSpan.FromSeconds(2))
    {
        // A missing right or a bad request stays so: only what may pass on a second try is tried again.
        HandleFailure = failure => !Permanent.Contains(failure.ErrorType),
    });

    /// <inheritdoc />
    public override async Task<AccRestoreOutcome?> RunAsync(TaskOrchestrationContext context, AccRestoreInput input)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(input);
        var id = context.InstanceId;
        var progress = input.Progress;
        if (progress is null)
        {
            var request = input.Request with { RestoreId = id };
            context.SetCustomStatus(new RestoreStatus("planning", null, 0, 0, 0, 0));
            RestorePlanSummary plan;
            try
            {
                plan = await context.PlanRestoreAsync(request, Retrying);
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
                await context.RestoreFoldersAsync(new RestoreFoldersInput(id), Retrying);
            }
            catch (TaskFailedException e)
            {
                return Failed(context, id, plan, e);
            }

            progress = new AccRestoreProgress(plan, 0, 0, 0, 0, 0, 1);
        }

        context.SetCustomStatus(progress.Status("files"));
        var files = progress.Plan.Files;
        var batch = Math.Max(1, input.FilesPerBatch);
        var running = new List<Task<RestoreFilesResult>>();
        var started = 0;
        while (true)
        {
            while (progress.NextFile < files && running.Count < Math.Max(1, input.BatchesInFlight) && started < Math.Max(1, input.BatchesPerGeneration))
            {
                running.Add(context.RestoreFilesAsync(new RestoreFilesInput(id, progress.NextFile, Math.Min(batch, files - progress.NextFile)), Retrying));
                progress = progress with { NextFile = progress.NextFile + batch };
                started++;
            }

            if (running.Count == 0)
            {
                break;
            }

            var finished = await Task.WhenAny(running);
            running.Remove(finished);
            progress = progress.With(await finished);
            context.SetCustomStatus(progress.Status("files"));
        }

        if (progress.NextFile < files)
        {
            // This generation's batches are done and none is in flight: the next starts from a fresh history.
            context.ContinueAsNew(input with { Progress = progress with { Generation = progress.Generation + 1 } });
            return null;
        }

        await context.RecordRestoreAsync(new RecordRestoreInput(id, batch), Retrying);
        context.SetCustomStatus(progress.Status("done"));
        return new AccRestoreOutcome(id, progress.FilesFailed == 0 ? "Restored" : "Incomplete", progress.Plan, progress.FilesDone, progress.FilesFailed,
            progress.VersionsCreated, progress.UploadedBytes) { Generations = progress.Generation };
    }

    private static AccRestoreOutcome Failed(TaskOrchestrationContext context, string id, RestorePlanSummary? plan, TaskFailedException e)
    {
        var why = e.FailureDetails.ErrorMessage;
        context.SetCustomStatus(new RestoreStatus("failed", plan, 0, 0, 0, 0) { Failure = why });
        return new AccRestoreOutcome(id, "Failed", plan, 0, 0, 0, 0) { Failure = why };
    }
}
