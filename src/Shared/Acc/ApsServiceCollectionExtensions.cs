using AccBackup.Acc.Tokens;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace AccBackup.Acc;

/// <summary>Registers the APS client: options validated on start, quotas, retries and typed HttpClients.</summary>
public static class ApsServiceCollectionExtensions
{
    /// <summary>Adds the APS client bound to the "Aps" configuration section.</summary>
    public static IServiceCollection AddApsClient(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<ApsOptions>()
            .Bind(configuration.GetSection(ApsOptions.SectionName))
            .ValidateDataAnnotations()
            .ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<ApsOptions>, ApsOptionsValidator>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<ApsOptions>>(
            new ApsRenamedSettings(configuration.GetSection(ApsOptions.SectionName))));
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<ApsQuotaLimiter>();
        services.TryAddSingleton<ApsRetryMonitor>();
        services.TryAddSingleton<ApsResilience>();

        // The token cache must be one per process, so it is a singleton; its pooled handler recycles
        // connections itself (PooledConnectionLifetime), which is what makes a long-lived HttpClient safe.
        services.AddHttpClient(nameof(ApsTokenProvider)).ConfigurePrimaryHttpMessageHandler(CreateHandler);
        services.TryAddSingleton(sp => ActivatorUtilities.CreateInstance<ApsTokenProvider>(
            sp, sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(ApsTokenProvider))));

        services.AddHttpClient<ApsTransport>().ConfigurePrimaryHttpMessageHandler(CreateHandler);
        services.TryAddTransient<ApsDataClient>();
        services.TryAddTransient<ApsOssClient>();
        return services;
    }

    /// <summary>The primary handler of every client that sends our credentials to APS (app and service-account tokens, data, issues).</summary>
    /// <remarks>Redirects are not followed: a token or secret goes to <c>Aps:BaseUrl</c> only, and a 3xx is reported as the
    /// error it is (<see cref="Retry.ApsResponseClassifier"/>).</remarks>
    internal static SocketsHttpHandler CreateHandler() => new()
    {
        PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        MaxConnectionsPerServer = 32,
        AutomaticDecompression = System.Net.DecompressionMethods.All,
        AllowAutoRedirect = false,
    };
}
