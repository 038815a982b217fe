using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.Scheduling;
using Microsoft.DurableTask;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Orchestrations;

/// <summary>Backs up one project: drives its <see cref="RunSchedule"/> with <see cref="ScheduleDriver"/> (the CLI's loop too)
/// through a sliding window of the project's share of activities, each run as a Durable activity.</summary>
/// <remarks>
/// After <see cref="OrchestrationSettings.CompletionsPerGeneration"/> completions it stops starting work, lets what is in
/// flight finish and continues as new with the schedule's state: its history never grows with the project's size.
/// Deterministic: every decision comes from the schedule, which depends only on activity results.
/// </remarks>
public sealed partial class ProjectBackupOrchestrator : TaskOrchestrator<ProjectBackupInput, ProjectBackupOutcome?>
{
    /// <summary>The name it is registered and started by.</summary>
    public const string Name = "ProjectBackup";

    /// <inheritdoc />
    public override async Task<ProjectBackupOutcome?> RunAsync(TaskOrchestrationContext context, ProjectBackupInput input)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(input);
        var logger = context.CreateReplaySafeLogger<ProjectBackupOrchestrator>();
        var schedule = input.State is { } state ? new RunSchedule(state) : RunSchedule.Start(input.Plan, [input.Project], input.ProjectKey, parts: input.Parts);
        if (input.State is not null)
        {
            // A new generation starts without a status: the counts so far show until its first activity ends.
            context.SetCustomStatus(schedule.Progress());
        }

        var activities = new OrchestratedActivities(context, schedule, ActivityOptions.Retrying(input.Settings.ActivityAttempts));
        var end = await ScheduleDriver.DriveAsync(schedule, activities, input.Window, input.Settings.CompletionsPerGeneration);
        if (end.Abort?.Failure is { } fatal)
        {
            Log.RunAborted(logger, input.Plan.RunId, input.Project.Name, fatal.Message);
            throw new BackupRunAbortedException(fatal.Message);
        }

        var scheduled = end.Started;
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

    /// <summary>How a piece of work runs in the orchestration: its activity called by name with the run's retry policy, a
    /// failure after the retries turned into the schedule's <see cref="WorkFailure"/>; each result shown in the custom status.</summary>
    private sealed class OrchestratedActivities(TaskOrchestrationContext context, RunSchedule schedule, TaskOptions options) : IActivityRunner
    {
        public async Task<WorkOutcome> RunAsync<TActivity, TInput, TResult>(ScheduledWork work, TInput input)
            where TActivity : IRunActivity<TInput, TResult>
            where TResult : notnull
        {
            try
            {
                return WorkOutcome.Succeeded(await BackupTasks.Call<TActivity, TResult>(context, input!, options));
            }
            catch (TaskFailedException e)
            {
                return new WorkOutcome(null, new WorkFailure(e.FailureDetails.ErrorType, e.FailureDetails.ErrorMessage));
            }
        }

        public void Reported(ScheduledWork work, WorkOutcome outcome) => context.SetCustomStatus(schedule.Progress());
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5101, Level = LogLevel.Warning, Message = "Backup run {RunId}: project {Project} is incomplete: {Reason}")]
        public static partial void ProjectIncomplete(ILogger logger, string runId, string project, string reason);

        [LoggerMessage(EventId = 5102, Level = LogLevel.Error, Message = "Backup run {RunId} stopped in project {Project}: {Reason}")]
        public static partial void RunAborted(ILogger logger, string runId, string project, string reason);
    }
}
