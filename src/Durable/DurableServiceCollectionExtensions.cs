using AccBackup.Durable.Control;
using AccBackup.Runs;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace AccBackup.Durable;

/// <summary>Registers what the orchestration's activities and the triggers need, on top of the run's services.</summary>
public static class DurableServiceCollectionExtensions
{
    /// <summary>Adds the run's services and the start/status logic; options validated on start.</summary>
    public static IServiceCollection AddBackupOrchestration(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddBackupRuns(configuration);
        services.TryAddSingleton<ActiveRunClaim>();
        services.TryAddSingleton<Progress.ChunkProgressStore>();
        services.TryAddTransient<Progress.ProgressRecordingCopy>();
        services.TryAddSingleton<BackupStarter>();
        services.TryAddSingleton<BackupRunQueries>();
        return services;
    }
}
