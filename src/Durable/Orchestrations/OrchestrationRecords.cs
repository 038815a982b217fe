using AccBackup.Manifest;
using AccBackup.Runs;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Durable.Orchestrations;

/// <summary>Input of <see cref="BackupRunOrchestrator"/>; the run id is the orchestration's instance id.</summary>
public sealed record BackupRunInput(BackupRunRequest Request, OrchestrationSettings Settings);

/// <summary>Input of <see cref="ProjectBackupOrchestrator"/>: a project to back up, or (after continue-as-new) where it stopped.</summary>
/// <param name="ProjectKey">The project's number within the run: keeps the names its activities write unique.</param>
/// <param name="Window">Activities this project may run at once: its share of Backup:MaxActivitiesInFlight.</param>
/// <param name="State">Null at the start; the schedule carried over by continue-as-new otherwise.</param>
/// <param name="Parts">The project's work this orchestration does: its files (and the modules reading their listing), its
/// exports, or all of it (a run an earlier build started).</param>
public sealed record ProjectBackupInput(
    RunPlan Plan, ProjectRef Project, int ProjectKey, int Window, OrchestrationSettings Settings, RunScheduleState? State = null, int Generation = 0,
    int LargestGenerationTasks = 0, RunScheduleParts Parts = RunScheduleParts.All);

/// <summary>Output of <see cref="ProjectBackupOrchestrator"/>: the project's counts and why it is incomplete, if it is.</summary>
/// <param name="LargestGenerationTasks">The most activities one generation (execution) of the project's orchestration scheduled.</param>
/// <param name="IssuesFailure">Why the project's issues could not be exported, if they could not (its files are unaffected).</param>
public sealed record ProjectBackupOutcome(RunTally Tally, ProjectFailure? Failure, int LargestGenerationTasks = 0, ProjectFailure? IssuesFailure = null);

/// <summary>A run's progress as its custom status shows it: counts, what it is doing, and why it failed when it did.</summary>
public sealed record RunStatus(BackupProgress Progress, int ProjectsRunning)
{
    /// <summary>Why the run failed (naming the setting to fix when one is the cause); null unless it failed.</summary>
    public string? Failure { get; init; }

    /// <summary>The keys of the projects whose counts <see cref="Progress"/> does not hold yet (running, or ended and not yet
    /// counted by the run): what the status query adds, from each project's own status or outcome.</summary>
    public IReadOnlyList<int>? RunningProjects { get; init; }
}
