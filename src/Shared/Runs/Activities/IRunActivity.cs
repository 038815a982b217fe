namespace AccBackup.Runs.Activities;

/// <summary>One kind of a run's work, record in and record out, the same in both drivers: the CLI's runner calls it in this
/// process, and src/Durable runs it as the activity named after the class (without its <c>Activity</c> suffix) through one
/// generic adapter. Implementations are idempotent: a repeated call with the same input writes the same blobs.</summary>
/// <typeparam name="TInput">What the driver sends: small and serializable (it is an activity input in the orchestration's history).</typeparam>
/// <typeparam name="TResult">What comes back: counts and blob names, never file lists.</typeparam>
public interface IRunActivity<in TInput, TResult>
{
    /// <summary>Does the work of <paramref name="input"/>.</summary>
    Task<TResult> RunAsync(TInput input, CancellationToken cancellationToken);
}
