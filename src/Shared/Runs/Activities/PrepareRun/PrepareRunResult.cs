using AccBackup.Runs.BackupContainer;

namespace AccBackup.Runs.Activities;

/// <summary>What a run is about to do: its projects, how their folders are listed, whether their issues are exported.</summary>
/// <param name="PreviousRunId">The run whose folder state lets unchanged folders be skipped; null lists every folder.</param>
/// <param name="LatestRunId">The latest finished run, whatever the listing mode: what this run's manifest must not forget.</param>
/// <param name="IssuesConfigured">Whether each project's issues are exported too (the Issues settings given, and kept by Backup:Modules).</param>
/// <param name="Modules">The other modules kept of each project (Backup:Modules, <see cref="Modules.ModuleSelection.PerProjectModules"/>).</param>
public sealed record PrepareRunResult(
    string RunId, DateTimeOffset StartedAt, IReadOnlyList<ProjectRef> Projects, string ListingMode, string? PreviousRunId, DateTimeOffset LastFullListingAt,
    string? LatestRunId = null, bool IssuesConfigured = false, IReadOnlyList<string>? Modules = null)
{
    /// <summary>The settings the run pins when it starts (<c>Backup:IncludeHidden</c>, <c>Backup:FoldersPerListing</c>,
    /// <c>Backup:Versions</c>): read here, once, for both drivers, and carried on only in the run's <see cref="Scheduling.RunPlan"/>.</summary>
    public PinnedRunSettings Pinned { get; init; } = PinnedRunSettings.Defaults;

    /// <summary>Why the backup container can't take the run; null when it can. A run with a problem has no projects: its
    /// driver fails it (<see cref="BackupContainerException"/>) and its summary says why. Left out of the activity's output when null.</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public BackupContainerProblem? ContainerProblem { get; init; }

    /// <summary>Whether the backup held nothing when the run started: no run ever finished or left working records, and the
    /// backup container holds no blob. Every version such a run copies is new to the backup, so none is looked for first
    /// (<see cref="CopyChunkInput.NewToBackup"/>). Left out of the activity's output when false.</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingDefault)]
    public bool EmptyBackup { get; init; }
}
