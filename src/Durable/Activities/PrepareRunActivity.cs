using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Activities;

/// <summary>Prepares a run (<see cref="RunPreparer"/>): refuses a used run id, chooses the listing mode, selects the projects.</summary>
public sealed class PrepareRunActivity(RunPreparer preparer, IHostApplicationLifetime lifetime) : TaskActivity<RunPreparationInput, RunPreparation>
{
    /// <inheritdoc />
    public override Task<RunPreparation> RunAsync(TaskActivityContext context, RunPreparationInput input) =>
        preparer.PrepareAsync(input, lifetime.ApplicationStopping);
}
