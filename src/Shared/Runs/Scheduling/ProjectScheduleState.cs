namespace AccBackup.Runs.Scheduling;

/// <summary>One project's part of a schedule: how much of its work is still out, and why it is incomplete if it is.</summary>
public sealed class ProjectScheduleState
{
    /// <summary>At most this many reasons are kept per project; the rest are only counted.</summary>
    public const int MaxErrorsKept = 5;

    public required ProjectRef Project { get; init; }

    /// <summary>Work items pending or in flight.</summary>
    public int Outstanding { get; set; }

    public bool Done { get; set; }

    /// <summary>Listings of the project pending or in flight.</summary>
    public int ListingsOutstanding { get; set; }

    /// <summary>Module exports that read what the listings found (<see cref="Modules.ModuleNames.ReadListedTree"/>): pending once
    /// <see cref="ListingsOutstanding"/> reaches zero.</summary>
    public List<Activities.ExportModuleInput> AwaitingListings { get; init; } = [];

    public List<string> Errors { get; init; } = [];

    public int ErrorCount { get; set; }

    /// <summary>Records why part of the project could not be backed up.</summary>
    public void AddError(string error)
    {
        ErrorCount++;
        if (Errors.Count < MaxErrorsKept)
        {
            Errors.Add(error);
        }
    }
}
