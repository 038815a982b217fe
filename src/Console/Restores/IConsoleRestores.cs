using AccBackup.AccRestore;

namespace AccBackup.BackupConsole.Restores;

/// <summary>How this host runs a restore into ACC for the Restore page: the Function App starts and follows the Durable restore
/// orchestration, <c>acc-backup console</c> runs the same planner and executor in its own process. Either way the plan is the
/// blob <see cref="RestoreRecord.PlanBlob"/> and the end is the restore's record, which the page reads itself.</summary>
public interface IConsoleRestores
{
    /// <summary>Starts planning <paramref name="request"/> (never with Apply); null when started, else why not (a backup or another
    /// restore into the same project is running, or the id is taken).</summary>
    Task<RestoreRefusal?> PlanAsync(AccRestoreRequest request, CancellationToken cancellationToken);

    /// <summary>Starts carrying out the plan of restore <paramref name="restoreId"/> as it was shown; the restore to follow, or why not.</summary>
    Task<(string? RestoreId, RestoreRefusal? Refusal)> ApplyAsync(string restoreId, CancellationToken cancellationToken);

    /// <summary>Where restore <paramref name="restoreId"/> is, or null when this host knows no such restore.</summary>
    Task<RestoreProgress?> ProgressAsync(string restoreId, CancellationToken cancellationToken);
}
