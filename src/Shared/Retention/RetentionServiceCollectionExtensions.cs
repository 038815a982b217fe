using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Retention;

/// <summary>Registers <see cref="RunPruner"/> and the one client that may delete in the backup container.</summary>
public static class RetentionServiceCollectionExtensions
{
    /// <summary>Adds <see cref="RunPruner"/> over the storage <see cref="BlobStorageServiceCollectionExtensions.AddBackupBlobStorage"/>
    /// registered, with its own backup-container client without the write-once guard (<see cref="BlobContainer.ForPrune"/>,
    /// keyed <see cref="RunPruner.ContainerKey"/>). Only <c>acc-backup prune</c> calls this; backups keep the write-once client.</summary>
    public static IServiceCollection AddRunPruning(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.TryAddSingleton<ManifestReader>();
        services.TryAddSingleton<RunHistory>();
        services.TryAddKeyedSingleton(RunPruner.ContainerKey, (sp, _) => BlobContainer.ForPrune(
            sp.GetRequiredService<IOptions<BlobStorageOptions>>().Value, sp.GetRequiredService<ILogger<BlobContainer>>()));
        services.TryAddSingleton<RunPruner>();
        return services;
    }
}
