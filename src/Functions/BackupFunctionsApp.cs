using AccBackup.BackupConsole;
using AccBackup.BackupConsole.Access;
using AccBackup.Durable;
using AccBackup.Functions.Restores;
using AccBackup.Functions.Telemetry;
using Microsoft.Azure.Functions.Worker;
using Microsoft.Azure.Functions.Worker.Builder;
using Microsoft.DurableTask.Worker;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Functions;

/// <summary>What the Function App registers: HTTP through ASP.NET Core, the run's services (options validated on start),
/// the orchestrations and activities, the backup console (src/Console), the worker's own telemetry, and a warning at start when WEBSITE_HOSTNAME is missing.</summary>
public static class BackupFunctionsApp
{
    /// <summary>Adds the backup's functions and services to <paramref name="builder"/>.</summary>
    /// <remarks>The orchestrators and activities are the class-based tasks of src/Durable, registered with the Durable
    /// extension's <c>AddTasks</c>: at start its metadata transformer adds them to the functions the worker reports to the
    /// host (they are not in the build's functions.metadata, which lists the triggers written as methods here).</remarks>
    public static FunctionsApplicationBuilder AddBackupFunctions(this FunctionsApplicationBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.ConfigureFunctionsWebApplication();
        builder.AddBackupTelemetry();
        builder.Services.AddSingleton(TimeProvider.System);
        builder.Services.AddHostedService<Hosting.WebsiteHostNameCheck>();
        builder.Services.AddBackupOrchestration(builder.Configuration);
        builder.Services.AddBackupConsole<AppServiceAuthAccess>();
        builder.ConfigureDurableWorker().AddTasks(registry => registry.AddBackupTasks());
        builder.AddRestoreFunctions();
        return builder;
    }
}
