using AccBackup.Backup.Settings;

namespace AccBackup.Durable.Orchestrations;

/// <summary>How the orchestrations dispatch a run's work, carried in their input: orchestrators get no dependency injection,
/// and an input fixed at start keeps every replay making the same decisions. What the run's activities read is in its
/// <see cref="Runs.Scheduling.RunPlan"/> instead, never here.</summary>
/// <param name="MaxActivitiesInFlight">Activities running at once across the whole run (Backup:MaxActivitiesInFlight).</param>
/// <param name="ProjectsInParallel">Project sub-orchestrations running at once (Backup:ProjectsInParallel).</param>
/// <param name="ActivityAttempts">Attempts per activity (Backup:ActivityAttempts).</param>
/// <param name="CompletionsPerGeneration">Activities a project orchestration completes before it continues as new, which
/// bounds its history whatever the project's size.</param>
/// <param name="ExportsPerModule">Projects whose exports (issues and the modules that do not read the listed tree) run at
/// once, each project's in a sub-orchestration of its own beside its files' (Backup:ExportsPerModule); 0 in a run an earlier
/// build started, whose projects export within their files' sub-orchestration.</param>
public sealed record OrchestrationSettings(int MaxActivitiesInFlight, int ProjectsInParallel, int ActivityAttempts, int CompletionsPerGeneration = 100, int ExportsPerModule = 0)
{
    /// <summary>The settings of a run started now.</summary>
    public static OrchestrationSettings From(BackupOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return new(options.MaxActivitiesInFlight, options.ProjectsInParallel, options.ActivityAttempts, ExportsPerModule: options.ExportsPerModule);
    }
}
