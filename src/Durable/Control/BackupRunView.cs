using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccBackup.Runs.Activities;

namespace AccBackup.Durable.Control;

/// <summary>What <c>GET /api/backups/{id}</c> shows of a run: its runtime status, its progress, and when done its manifest.</summary>
/// <param name="Progress">The run's counts, its running projects' included; while it runs, its files and bytes copied are
/// what its copies have stored so far (recorded every second).</param>
/// <param name="Outcome">Set when the run completed: counts and where the manifest is.</param>
/// <param name="Failure">Why the run failed, when it did.</param>
public sealed record BackupRunView(
    string RunId, string RuntimeStatus, DateTimeOffset CreatedAt, DateTimeOffset LastUpdatedAt, BackupProgress? Progress, int ProjectsRunning,
    BackupRunOutcome? Outcome, string? Failure);

/// <summary>What <c>GET /api/backups</c> lists: the run still going, if any, and the recent runs' manifests.</summary>
public sealed record BackupRunList(BackupRunView? Active, IReadOnlyList<Manifest.Catalog.RunListing> Recent);
