using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace AccBackup.Storage;

/// <summary>Registers the backup's blob storage.</summary>
public static class BlobStorageServiceCollectionExtensions
{
    /// <summary>
    /// Binds <see cref="BlobStorageOptions"/> from the <c>BackupStorage</c> section of <paramref name="configuration"/>,
    /// validates it when the host starts, and registers the shared backup <see cref="BlobContainer"/> (write-once) and the
    /// state container (keyed <see cref="BlobContainer.StateKey"/>).
    /// </summary>
    public static IServiceCollection AddBackupBlobStorage(this IServiceCollection services, IConfiguration configuration)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);

        services.AddOptions<BlobStorageOptions>()
            .Bind(configuration.GetSection(BlobStorageOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();
        services.TryAddEnumerable(
            ServiceDescriptor.Singleton<IValidateOptions<BlobStorageOptions>>(new BlobStorageOptionsValidator()));
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton(sp => BlobContainer.ForBackup(
            sp.GetRequiredService<IOptions<BlobStorageOptions>>().Value, sp.GetRequiredService<Microsoft.Extensions.Logging.ILogger<BlobContainer>>()));
        services.TryAddKeyedSingleton(BlobContainer.StateKey, (sp, _) => BlobContainer.ForState(
            sp.GetRequiredService<IOptions<BlobStorageOptions>>().Value, sp.GetRequiredService<Microsoft.Extensions.Logging.ILogger<BlobContainer>>()));
        return services;
    }
}
