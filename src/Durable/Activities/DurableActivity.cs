using AccBackup.Runs.Activities;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>The one adapter from a run activity of src/Shared (<see cref="IRunActivity{TInput, TResult}"/>) to a Durable
/// activity: the worker creates it per call with <typeparamref name="TActivity"/> from the services, and the host's stop
/// cancels the work (the Durable runtime retries it elsewhere).</summary>
public sealed class DurableActivity<TActivity, TInput, TResult>(TActivity activity, IHostApplicationLifetime lifetime) : TaskActivity<TInput, TResult>
    where TActivity : IRunActivity<TInput, TResult>
{
    /// <inheritdoc />
    public override Task<TResult> RunAsync(TaskActivityContext context, TInput input) => activity.RunAsync(input, lifetime.ApplicationStopping);
}
