using AccBackup.Runs;
using AccBackup.Runs.Scheduling;
using Microsoft.DurableTask;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Orchestrations;

/// <summary>Backs up one project: drives its <see cref="RunSchedule"/> through a sliding window of listing and copy
/// activities (<c>Task.WhenAny</c>, never batches that wait for their slowest member).</summary>
/// <remarks>
/// After <see cref="OrchestrationSettings.CompletionsPerGeneration"/> completions it stops starting work, lets what is in
/// flight finish and continues as new with the schedule's state: its history never grows with the project's size.
/// Deterministic: every decision comes from the schedule, which depends only on activity results.
/// </remarks>
public sealed partial class ProjectBackupOrchestrator : TaskOrchestrator<ProjectBackupInput, ProjectBackupOutcome?>
{
    /// <inheritdoc />
    public override async Task<ProjectBackupOutcome?> RunAsync(TaskOrchestrationContext context, ProjectBackupInput input)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(input);
        var logger = context.CreateReplaySafeLogger<ProjectBackupOrchestrator>();
        var schedule = input.State is { } state ? new RunSchedule(state) : RunSchedule.Start(input.Plan, [input.Project], input.ProjectKey);
        if (input.State is not null)
        {
            // A new generation starts without a status: the counts so far show until its first activity ends.
            context.SetCustomStatus(schedule.Progress());
        }

        var options = ActivityOptions.Retrying(input.Settings.ActivityAttempts);
        var inFlight = new Dictionary<Task, ScheduledWork>();
        var completed = 0;
        var scheduled = 0;
        while (true)
        {
            if (completed < input.Settings.CompletionsPerGeneration)
            {
                foreach (var work in schedule.Next(input.Window - inFlight.Count))
                {
                    inFlight.Add(Start(context, work, options), work);
                    scheduled++;
                }
            }

            if (inFlight.Count == 0)
            {
                break;
            }

            var finished = await Task.WhenAny(inFlight.Keys);
            inFlight.Remove(finished, out var done);
            completed++;
            if (await ApplyAsync(schedule, done!, finished) is { } fatal)
            {
                Log.RunAborted(logger, input.Plan.RunId, input.Project.Name, fatal.Message);
                throw new BackupRunAbortedException(fatal.Message);
            }

            context.SetCustomStatus(schedule.Progress());
        }

        if (!schedule.IsDone)
        {
            context.ContinueAsNew(input with
            {
                State = schedule.State, Generation = input.Generation + 1, LargestGenerationTasks = Math.Max(input.LargestGenerationTasks, scheduled),
            });
            return null;
        }

        var failure = schedule.FailedProjects() is [var only] ? only : null;
        if (failure is not null)
        {
            Log.ProjectIncomplete(logger, input.Plan.RunId, input.Project.Name, failure.Error);
        }

        return new ProjectBackupOutcome(schedule.State.Tally, failure, Math.Max(input.LargestGenerationTasks, scheduled), schedule.IssueFailures() is [var issues] ? issues : null);
    }

    private static Task Start(TaskOrchestrationContext context, ScheduledWork work, TaskOptions options) => work switch
    {
        { Listing: { } listing } => context.CallActivityAsync<FolderWaveResult>(TaskNames.ListFolders, listing, options),
        { Issues: { } issues } => context.CallActivityAsync<IssueExportSummary>(TaskNames.ExportIssues, issues, options),
        _ => context.CallActivityAsync<ChunkCopyResult>(TaskNames.CopyChunk, work.Copy, options),
    };

    /// <summary>Feeds a finished activity to the schedule; returns the failure when it ends the run.</summary>
    private static async Task<WorkFailure?> ApplyAsync(RunSchedule schedule, ScheduledWork work, Task finished)
    {
        try
        {
            if (finished is Task<FolderWaveResult> listing)
            {
                schedule.Listed(work, await listing);
            }
            else if (finished is Task<IssueExportSummary> issues)
            {
                schedule.IssuesExported(work, await issues);
            }
            else
            {
                schedule.Copied(work, await (Task<ChunkCopyResult>)finished);
            }

            return null;
        }
        catch (TaskFailedException e)
        {
            var failure = new WorkFailure(e.FailureDetails.ErrorType, e.FailureDetails.ErrorMessage);
            return schedule.Failed(work, failure) == FailureVerdict.AbortRun ? failure : null;
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5101, Level = LogLevel.Warning, Message = "Backup run {RunId}: project {Project} is incomplete: {Reason}")]
        public static partial void ProjectIncomplete(ILogger logger, string runId, string project, string reason);

        [LoggerMessage(EventId = 5102, Level = LogLevel.Error, Message = "Backup run {RunId} stopped in project {Project}: {Reason}")]
        public static partial void RunAborted(ILogger logger, string runId, string project, string reason);
    }
}

/// <summary>The run cannot go on (e.g. APS rejected the credentials): the message says which setting to fix.</summary>
public sealed class BackupRunAbortedException(string message) : Exception(message);
