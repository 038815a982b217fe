namespace AccBackup.BackupConsole.Restores;

/// <summary>Where a restore is: its phase and how far its writes have got.</summary>
/// <param name="Phase">planning, planned, applying, done or failed.</param>
/// <param name="FilesDone">Files written or found in place so far.</param>
/// <param name="FilesFailed">Files that failed so far.</param>
/// <param name="Failure">Why it failed (a missing right, a setting), in the failure's own words.</param>
public sealed record RestoreProgress(string Phase, int FilesDone, int FilesFailed, string? Failure = null)
{
    /// <summary>Planning against ACC.</summary>
    public const string Planning = "planning";

    /// <summary>The plan is ready to be read and applied.</summary>
    public const string Planned = "planned";

    /// <summary>Folders, then files, being written.</summary>
    public const string Applying = "applying";

    /// <summary>Applied: the record is written.</summary>
    public const string Done = "done";

    /// <summary>Stopped before the end: <see cref="Failure"/> says why.</summary>
    public const string Failed = "failed";
}
