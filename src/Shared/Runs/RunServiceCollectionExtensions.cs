using AccBackup.Acc;
using AccBackup.Backup;
using AccBackup.Issues;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Modules;
using AccBackup.Quotas;
using AccBackup.Quotas.SharedScope;
using AccBackup.Runs.Activities;
using AccBackup.Runs.InProcess;
using AccBackup.Runs.State;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace AccBackup.Runs;

/// <summary>Registers a whole backup run: the copy engine, the run's activities, the manifest and the in-process driver.</summary>
public static class RunServiceCollectionExtensions
{
    /// <summary>Adds everything a backup run needs, options validated on start.</summary>
    public static IServiceCollection AddBackupRuns(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddCopyEngine(configuration);
        services.AddIssueExport(configuration);
        services.AddModuleExport(configuration);

        // The shared APS budget lives beside the backup, so every process writing there shares it (Aps:Quota:Scope=Shared).
        services.TryAddSingleton<IApsQuotaBudget, BlobQuotaBudget>();
        services.TryAddSingleton<NdjsonBlobs>();
        services.TryAddSingleton<ManifestWriter>();
        services.TryAddSingleton<ManifestReader>();
        services.TryAddSingleton<RunHistory>();
        services.TryAddSingleton<PreviousRunStateStore>();
        services.TryAddTransient<Modules.IListedProjectReader, RunListedProjectReader>();
        services.TryAddTransient<ProjectLister>();
        services.TryAddTransient<PrepareRunActivity>();
        services.TryAddTransient<ListFoldersActivity>();
        services.TryAddTransient<CopyChunkActivity>();
        services.TryAddTransient<ExportIssuesActivity>();
        services.TryAddTransient<ExportModuleActivity>();
        services.TryAddTransient<ProveStoredBlobsActivity>();
        services.TryAddTransient<AssembleManifestActivity>();
        services.TryAddTransient<BackupRunner>();
        return services;
    }
}
