using AccBackup.AccRestore;
using AccBackup.Durable.Restores;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.DurableTask.Worker;

namespace AccBackup.Functions.Restores;

/// <summary>Adds restore into ACC to the Function App: its services, its orchestration and activities (the HTTP functions of
/// <see cref="RestoresApi"/> are found like every other).</summary>
public static class RestoreFunctionsRegistration
{
    /// <summary>Adds the restore's services and tasks.</summary>
    public static FunctionsApplicationBuilder AddRestoreFunctions(this FunctionsApplicationBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddAccRestore(builder.Configuration);
        builder.ConfigureDurableWorker().AddTasks(registry => registry.AddRestoreTasks());
        return builder;
    }
}
