namespace AccBackup.Runs.Scheduling;

/// <summary>One activity call the scheduler wants made: exactly one of <see cref="Listing"/> and <see cref="Copy"/> is set.</summary>
/// <param name="Id">Unique within the run's schedule; lets a driver match a completion to its work.</param>
public sealed record ScheduledWork(int Id, ProjectRef Project, FolderWaveInput? Listing, ChunkCopyInput? Copy)
{
    /// <summary>Whether this is a listing (folders) rather than a copy (an inventory chunk).</summary>
    public bool IsListing => Listing is not null;

    /// <summary>What the work is, for logs and failure reasons.</summary>
    public string What => IsListing ? "listing" : "copy of a batch";
}
