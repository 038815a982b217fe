using AccBackup.Runs.Activities;

namespace AccBackup.Runs.Scheduling;

/// <summary>Everything a run's scheduler knows: plain data, so a Durable orchestrator can carry it through ContinueAsNew.</summary>
public sealed class RunScheduleState
{
    public required RunPlan Plan { get; init; }

    /// <summary>Listings not started yet, oldest first: one entry per folder list, however many slices it has left.</summary>
    public List<PendingListing> PendingListings { get; init; } = [];

    /// <summary>Inventory chunks not copied yet, oldest first: one entry per listing's chunks.</summary>
    public List<PendingCopies> PendingCopies { get; init; } = [];

    public List<ProjectScheduleState> Projects { get; init; } = [];

    /// <summary>Issue exports not started yet, one per project (when the plan exports issues).</summary>
    public List<ExportIssuesInput> PendingIssueExports { get; init; } = [];

    /// <summary>Projects whose issues could not be exported, and why: never a failure of their files.</summary>
    public List<Manifest.ProjectFailure> IssueFailures { get; init; } = [];

    /// <summary>Module exports not started yet, one per project and module (<see cref="RunPlan.Modules"/>).</summary>
    public List<ExportModuleInput> PendingModuleExports { get; init; } = [];

    /// <summary>Projects whose export of one module (issues included) may run at once, beside the file window.</summary>
    /// <remarks>A state an earlier build wrote has none: one at a time, as its exports shared a quarter of the window.</remarks>
    public int ExportsPerModule { get; init; } = 1;

    /// <summary>Exports in flight per module (issues included), for <see cref="ExportsPerModule"/>.</summary>
    public Dictionary<string, int> ExportsInFlight { get; init; } = new(StringComparer.Ordinal);

    public int ListingsInFlight { get; set; }

    public int CopiesInFlight { get; set; }

    public int NextWorkId { get; set; }

    public RunTally Tally { get; init; } = new();
}

/// <summary>The listing slices of one folder list not started yet; <see cref="Next"/> is the first of them.</summary>
/// <remarks>Kept as one entry, not one per slice, so the schedule's size grows with the listings, never with the folders or files.</remarks>
/// <param name="SubFolders">Folders in <see cref="ListFoldersInput.FoldersBlob"/>; 0 for a project's top folders (one slice).</param>
/// <param name="ParentKey">The output key of the listing that found these folders; each slice's key extends it.</param>
public sealed record PendingListing(ListFoldersInput Next, int SubFolders, string? ParentKey);

/// <summary>Inventory chunks <see cref="Next"/> to <see cref="Count"/> − 1 of the listing <see cref="OutputKey"/>, not copied yet.</summary>
/// <param name="NewToBackup">Whether their versions are new to the backup (<see cref="CopyChunkInput.NewToBackup"/>).</param>
public sealed record PendingCopies(ProjectRef Project, string OutputKey, int Next, int Count, bool NewToBackup = false);
