using AccBackup.Runs.Activities;

namespace AccBackup.Runs.Scheduling;

/// <summary>What every activity of one run shares: fixed when the run starts, never changed by the scheduler; the only
/// road of the settings a run pins (<see cref="PinnedRunSettings"/>), never read live while the run goes on.</summary>
/// <param name="PreviousRunId">The run whose folder state lets unchanged folders be skipped; null lists every folder.</param>
/// <param name="FoldersPerListing">How many sub-folders one listing activity takes (Backup:FoldersPerListing).</param>
/// <param name="StoredRunId">The latest finished run, whose stored bytes are not copied again (null when forcing copies).</param>
/// <param name="Versions">Which versions of a changed file are stored (Backup:Versions).</param>
/// <param name="ExportIssues">Whether each project's issues are exported too (Issues settings given, not a dry run).</param>
/// <param name="IssuesBaseRunId">The latest finished run, whose issue and module snapshots let only changed records be read.</param>
/// <param name="Modules">The modules besides files and issues each project's record is kept of (Backup:Modules; none in a dry run).</param>
/// <param name="EmptyBackup">Whether the backup held nothing when the run started (<see cref="PrepareRunResult.EmptyBackup"/>):
/// every version the run copies is new to it.</param>
public sealed record RunPlan(
    string RunId, bool DryRun, bool ForceCopy, bool IncludeHidden, string? PreviousRunId, int FoldersPerListing, string? StoredRunId = null,
    Backup.Settings.BackupVersions Versions = Backup.Settings.BackupVersions.Latest, bool ExportIssues = false, string? IssuesBaseRunId = null, IReadOnlyList<string>? Modules = null,
    bool EmptyBackup = false);

/// <summary>Builds a run's plan, the same for both drivers.</summary>
public static class RunPlans
{
    /// <summary>The plan of a run prepared as <paramref name="prepared"/>, with the settings its preparation pinned.</summary>
    public static RunPlan For(PrepareRunResult prepared, BackupRunRequest request)
    {
        ArgumentNullException.ThrowIfNull(prepared);
        ArgumentNullException.ThrowIfNull(request);
        var pinned = prepared.Pinned;
        return new RunPlan(prepared.RunId, request.DryRun, request.ForceCopy, pinned.IncludeHidden, prepared.PreviousRunId, pinned.FoldersPerListing,
            request.ForceCopy ? null : prepared.LatestRunId, pinned.Versions, prepared.IssuesConfigured && !request.DryRun, prepared.LatestRunId,
            request.DryRun ? [] : prepared.Modules ?? [], prepared.EmptyBackup);
    }
}
