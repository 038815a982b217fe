namespace AccBackup.Runs.Activities;

/// <summary>Input of the prepare activity: the run's id and start time come from its driver (the orchestration instance).</summary>
public sealed record PrepareRunInput(string RunId, DateTimeOffset StartedAt, BackupRunRequest Request);
