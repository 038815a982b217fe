using AccBackup.Runs.Activities;
using Microsoft.DurableTask;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>The one adapter from a run activity of src/Shared (<see cref="IRunActivity{TInput, TResult}"/>) to a Durable
/// activity: the worker creates it per call, <typeparamref name="TActivity"/> comes from the services (or is made from them when
/// not registered), and the host's stop cancels the work (the Durable runtime retries it).</summary>
public sealed class DurableActivity<TActivity, TInput, TResult>(IServiceProvider services, IHostApplicationLifetime lifetime) : TaskActivity<TInput, TResult>
    where TActivity : IRunActivity<TInput, TResult>
{
    /// <inheritdoc />
    public override Task<TResult> RunAsync(TaskActivityContext context, TInput input) =>
        ActivatorUtilities.GetServiceOrCreateInstance<TActivity>(services).RunAsync(input, lifetime.ApplicationStopping);
}
