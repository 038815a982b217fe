namespace AccBackup.Runs.Scheduling;

/// <summary>How <see cref="ScheduleDriver.DriveAsync"/> stopped.</summary>
/// <param name="Started">Work items it started.</param>
/// <param name="Abort">The outcome that ends the run (<see cref="FailureVerdict.AbortRun"/>); null when the loop ran out of work
/// or reached its completions. Work still in flight then is the caller's to cancel.</param>
public sealed record ScheduleDriverEnd(int Started, WorkOutcome? Abort);
