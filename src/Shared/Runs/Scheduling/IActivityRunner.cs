using AccBackup.Runs.Activities;

namespace AccBackup.Runs.Scheduling;

/// <summary>How a driver runs one activity: the only part of the dispatch the CLI's in-process runner and the Durable
/// orchestration do differently (<see cref="ScheduleDriver"/> does the rest, once for both).</summary>
public interface IActivityRunner
{
    /// <summary>Runs <typeparamref name="TActivity"/> on <paramref name="input"/>, retries included; a failure after them is the
    /// outcome's (<see cref="WorkOutcome.Failure"/>), never thrown.</summary>
    Task<WorkOutcome> RunAsync<TActivity, TInput, TResult>(ScheduledWork work, TInput input)
        where TActivity : IRunActivity<TInput, TResult>
        where TResult : notnull;

    /// <summary>The schedule took <paramref name="work"/>'s outcome and the run goes on: the place for progress.</summary>
    void Reported(ScheduledWork work, WorkOutcome outcome);
}
