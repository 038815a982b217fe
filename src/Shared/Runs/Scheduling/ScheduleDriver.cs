namespace AccBackup.Runs.Scheduling;

/// <summary>The run's one dispatch loop: take the next work from <see cref="RunSchedule"/> up to a window, run it through the
/// driver's <see cref="IActivityRunner"/>, report each result back as it ends (<c>Task.WhenAny</c>, never batches that wait
/// for their slowest member). The CLI's runner and the project orchestration both drive their schedule with it.</summary>
/// <remarks>Deterministic given the order results arrive in, and free of I/O and clocks, so an orchestration can run it:
/// its awaits resume on the caller's context (an orchestration's own) rather than <c>ConfigureAwait(false)</c>.</remarks>
public static class ScheduleDriver
{
    /// <summary>Drives <paramref name="schedule"/> until no work is left, <paramref name="maxCompletions"/> results came back
    /// (then it stops starting work and lets what is in flight finish), or a failure ends the run.</summary>
    /// <param name="window">Listings and copies running at once at most; exports run beside them in lanes of their own
    /// (<see cref="RunScheduleState.ExportsPerModule"/>).</param>
    public static async Task<ScheduleDriverEnd> DriveAsync(RunSchedule schedule, IActivityRunner runner, int window, int maxCompletions = int.MaxValue)
    {
        ArgumentNullException.ThrowIfNull(schedule);
        ArgumentNullException.ThrowIfNull(runner);
        var inFlight = new Dictionary<Task<WorkOutcome>, ScheduledWork>();
        var started = 0;
        var completed = 0;
        while (true)
        {
            if (completed < maxCompletions)
            {
                foreach (var work in schedule.Next(window - schedule.FileWorkInFlight))
                {
                    inFlight.Add(work.RunWith(runner), work);
                    started++;
                }
            }

            if (inFlight.Count == 0)
            {
                return new ScheduleDriverEnd(started, null);
            }

            var finished = await Task.WhenAny(inFlight.Keys).ConfigureAwait(true);
            inFlight.Remove(finished, out var done);
            completed++;
            var outcome = await finished.ConfigureAwait(true);
            if (schedule.Report(done!, outcome) == FailureVerdict.AbortRun)
            {
                return new ScheduleDriverEnd(started, outcome);
            }

            runner.Reported(done!, outcome);
        }
    }
}
