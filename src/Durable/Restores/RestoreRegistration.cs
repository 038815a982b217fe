using AccBackup.AccRestore;
using Microsoft.DurableTask;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Restores;

/// <summary>Registers the restore orchestration: its tasks (in the Function App, the test host and the bench alike) and its services.</summary>
public static class RestoreRegistration
{
    /// <summary>Adds the restore's orchestrator and activities under <see cref="RestoreTaskNames"/>.</summary>
    public static DurableTaskRegistry AddRestoreTasks(this DurableTaskRegistry registry)
    {
        ArgumentNullException.ThrowIfNull(registry);
        return registry
            .AddOrchestrator<AccRestoreOrchestrator>(RestoreTaskNames.AccRestore)
            .AddActivity<PlanRestoreActivity>(RestoreTaskNames.PlanRestore)
            .AddActivity<RestoreFoldersActivity>(RestoreTaskNames.RestoreFolders)
            .AddActivity<RestoreFilesActivity>(RestoreTaskNames.RestoreFiles)
            .AddActivity<RecordRestoreActivity>(RestoreTaskNames.RecordRestore);
    }

    /// <summary>Adds what the restore's activities need (<see cref="AccRestoreServiceCollectionExtensions.AddAccRestore"/>); needs the backup storage.</summary>
    public static IServiceCollection AddAccRestoreOrchestration(this IServiceCollection services, IConfiguration configuration) =>
        services.AddAccRestore(configuration);
}
