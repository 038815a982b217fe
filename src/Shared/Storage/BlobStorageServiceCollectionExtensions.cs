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
    /// validates it when the host starts, and registers one shared <see cref="BlobContainer"/>.
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
        services.TryAddSingleton<BlobContainer>();
        return services;
    }
}
