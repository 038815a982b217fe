using AccBackup.Durable.Activities;
using AccBackup.Durable.Control;
using AccBackup.Runs;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace AccBackup.Durable;

/// <summary>Registers what the orchestration's activities and the triggers need, on top of the run's services.</summary>
public static class DurableServiceCollectionExtensions
{
    /// <summary>Adds the run's services, the activities and the start/status logic; options validated on start.</summary>
    public static IServiceCollection AddBackupOrchestration(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddBackupRuns(configuration);
        services.TryAddTransient<PrepareRunActivity>();
        services.TryAddTransient<ListFoldersActivity>();
        services.TryAddTransient<CopyChunkActivity>();
        services.TryAddTransient<AssembleManifestActivity>();
        services.TryAddSingleton<BackupStarter>();
        services.TryAddSingleton<BackupRunQueries>();
        services.TryAddSingleton<BackupRequests>();
        return services;
    }
}
