using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Backup.Settings;
using AccBackup.Backup.SignedDownloads;
using AccBackup.Storage;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Polly;
using Polly.Retry;

namespace AccBackup.Backup;

/// <summary>Registers the copy engine with the APS client and blob storage it stands on.</summary>
public static class BackupServiceCollectionExtensions
{
    /// <summary>Adds the APS client, blob storage and the copy engine, all options validated on start.</summary>
    public static IServiceCollection AddCopyEngine(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddApsClient(configuration);
        services.AddBackupBlobStorage(configuration);
        services.AddOptions<CopyOptions>()
            .Bind(configuration.GetSection(CopyOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();
        services.AddOptions<BackupOptions>()
            .Bind(configuration.GetSection(BackupOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();
        services.TryAddSingleton<TransferSlots>();
        services.TryAddSingleton<BlobCopier>();
        services.TryAddTransient<FolderListing>();
        services.TryAddTransient<SignedDownloadHandler>();

        // The download retries, as named options a host (or a test wanting no waits) may configure further.
        services.AddOptions<RetryStrategyOptions<HttpResponseMessage>>(BlobCopier.DownloadClientName).Configure(retry =>
        {
            retry.MaxRetryAttempts = BlobCopier.DownloadAttempts - 1;
            retry.Delay = TimeSpan.FromMilliseconds(500);
            retry.MaxDelay = TimeSpan.FromSeconds(30);
            retry.BackoffType = DelayBackoffType.Exponential;
            retry.UseJitter = true;
        });

        // Signed URLs carry their own authorization: this client never sends ours. Many connections, as the
        // parallel ranged GETs of several files run at once; the pool recycles them for DNS changes. Redirects are not
        // followed: the bytes come from the URL APS signed (checked https in ApsOssClient), and a 3xx is an error.
        services.AddHttpClient(BlobCopier.DownloadClientName, client => client.Timeout = Timeout.InfiniteTimeSpan)
            .ConfigurePrimaryHttpMessageHandler(() => new SocketsHttpHandler
            {
                PooledConnectionLifetime = TimeSpan.FromMinutes(5),
                MaxConnectionsPerServer = 256,
                AutomaticDecompression = System.Net.DecompressionMethods.None,
                AllowAutoRedirect = false,
            })
            .AddHttpMessageHandler<SignedDownloadHandler>();
        return services;
    }
}
