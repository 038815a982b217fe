using AccBackup.Manifest;
using AccBackup.Runs;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Durable.Orchestrations;

/// <summary>Input of <see cref="BackupRunOrchestrator"/>; the run id is the orchestration's instance id.</summary>
public sealed record BackupRunInput(BackupRunRequest Request, OrchestrationSettings Settings);

/// <summary>Output of <see cref="BackupRunOrchestrator"/>: where the manifest is and what it says, in a few numbers.</summary>
public sealed record BackupRunOutcome(
    string RunId, string Status, string Manifest, string ManifestCsv, long Files, long Copied, long Unchanged, long NoContent, long Planned, long Failed,
    int FailedProjects, long SizeMismatches, long Bytes, double DurationSeconds)
{
    /// <summary>Listing activities the run scheduled, across its projects.</summary>
    public int ListingActivities { get; init; }

    /// <summary>Copy activities the run scheduled, across its projects (0 on a night where nothing changed).</summary>
    public int CopyActivities { get; init; }

    /// <summary>The most tasks (activities, sub-orchestrations) any one orchestration execution of the run scheduled: what
    /// bounds a history (two events per task, plus one start/end pair per wake-up, at most one wake-up per task).</summary>
    public int LargestExecutionTasks { get; init; }

    /// <summary>Issues in the run's issue snapshots (0 when the Issues settings are not given).</summary>
    public long Issues { get; init; }

    /// <summary>Projects whose issues could not be exported (their files are unaffected); the manifest says why.</summary>
    public int IssuesFailedProjects { get; init; }

    /// <summary>Stored blobs the night's proof found missing or damaged (the manifest's <c>summary.proof</c> lists them); 0 when none or not proven.</summary>
    public long BlobsLost { get; init; }

    /// <summary>Of <see cref="BlobsLost"/>, those stored again from ACC.</summary>
    public long BlobsRestored { get; init; }

    /// <summary>The run's progress as its manifest settles it: every file count the outcome gives (a carried file counted by
    /// its status in the manifest, not as unchanged), the rest as the run counted them.</summary>
    public BackupProgress Settle(BackupProgress counted)
    {
        ArgumentNullException.ThrowIfNull(counted);
        return counted with
        {
            Phase = "done", ProjectsDone = counted.ProjectsTotal, FilesFound = Files, FilesCopied = Copied, FilesUnchanged = Unchanged,
            FilesNoContent = NoContent, FilesFailed = Failed, BytesFound = Bytes, SizeMismatches = SizeMismatches, FilesPlanned = Planned,
        };
    }

    /// <summary>The outcome of the run whose manifest has <paramref name="summary"/>.</summary>
    public static BackupRunOutcome From(LatestRun manifest)
    {
        ArgumentNullException.ThrowIfNull(manifest);
        var s = manifest.Summary;
        return new(s.RunId, s.Status, manifest.Manifest, manifest.Csv, s.Files, s.Copied, s.Unchanged, s.NoContent,
            s.Planned, s.Failed, s.FailedProjects.Count, s.SizeMismatchCount, s.Bytes, s.DurationSeconds)
        {
            Issues = s.Issues?.Issues ?? 0,
            IssuesFailedProjects = s.Issues?.FailedProjects.Count ?? 0,
            BlobsLost = (s.Proof?.Missing ?? 0) + (s.Proof?.Damaged ?? 0),
            BlobsRestored = s.Proof?.Restored ?? 0,
        };
    }
}

/// <summary>Input of <see cref="ProjectBackupOrchestrator"/>: a project to back up, or (after continue-as-new) where it stopped.</summary>
/// <param name="ProjectKey">The project's number within the run: keeps the names its activities write unique.</param>
/// <param name="Window">Activities this project may run at once: its share of Backup:MaxActivitiesInFlight.</param>
/// <param name="State">Null at the start; the schedule carried over by continue-as-new otherwise.</param>
public sealed record ProjectBackupInput(
    RunPlan Plan, ProjectRef Project, int ProjectKey, int Window, OrchestrationSettings Settings, RunScheduleState? State = null, int Generation = 0,
    int LargestGenerationTasks = 0);

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
