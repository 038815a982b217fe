namespace AccBackup.Runs.Scheduling;

/// <summary>What every activity of one run shares: fixed when the run starts, never changed by the scheduler.</summary>
/// <param name="PreviousRunId">The run whose folder state lets unchanged folders be skipped; null lists every folder.</param>
/// <param name="FoldersPerListing">How many sub-folders one listing activity takes (Backup:FoldersPerListing).</param>
/// <param name="StoredRunId">The latest finished run, whose stored bytes are not copied again (null when forcing copies).</param>
/// <param name="Versions">Which versions of a changed file are stored (Backup:Versions).</param>
public sealed record RunPlan(
    string RunId, bool DryRun, bool ForceCopy, bool IncludeHidden, string? PreviousRunId, int FoldersPerListing, string? StoredRunId = null,
    Backup.BackupVersions Versions = Backup.BackupVersions.Latest);
