namespace AccBackup.Runs;

/// <summary>What one backup run should do; null fields fall back to the <c>Backup</c> settings.</summary>
/// <param name="RunId">Id of the run (letters, digits, '-', '_', '.'); null makes one from the start time.</param>
/// <param name="IncludeProjects">Comma-separated project names or ids; null uses Backup:IncludeProjects.</param>
/// <param name="ExcludeProjects">Comma-separated project names or ids; null uses Backup:ExcludeProjects.</param>
/// <param name="DryRun">List and plan only: no file is copied (the manifest records what would be).</param>
/// <param name="ForceCopy">Trust nothing the latest run recorded: list every folder and check every version against its blob; a
/// version stored intact is kept (blobs are written once, never replaced), a missing or unproven one is copied.</param>
/// <param name="FullRescan">List every folder, ignoring the previous run's state (unchanged versions are still not recopied).</param>
public sealed record BackupRunRequest(
    string? RunId = null,
    string? IncludeProjects = null,
    string? ExcludeProjects = null,
    bool DryRun = false,
    bool ForceCopy = false,
    bool FullRescan = false);
