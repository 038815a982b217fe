using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace AccBackup.Issues;

/// <summary>Registers the issue export: SSA options validated on start, the SSA token provider, the Issues client and the exporter.</summary>
public static class IssuesServiceCollectionExtensions
{
    /// <summary>Adds the issue export bound to the "Issues" section; needs the copy engine (<see cref="Backup.BackupServiceCollectionExtensions.AddCopyEngine"/>).</summary>
    /// <remarks>Without SSA settings everything still resolves; <see cref="IssuesOptions.IsConfigured"/> says whether to export.</remarks>
    public static IServiceCollection AddIssueExport(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<IssuesOptions>()
            .Bind(configuration.GetSection(IssuesOptions.SectionName))
            .ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<IssuesOptions>, IssuesOptionsValidator>());

        // One token cache per process, like the app's own; its own HttpClient so it never sends the app's token.
        services.AddHttpClient(nameof(SsaTokenProvider)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.TryAddSingleton(sp => ActivatorUtilities.CreateInstance<SsaTokenProvider>(
            sp, sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(SsaTokenProvider))));
        services.AddHttpClient(nameof(IssuesClient)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.TryAddTransient(sp => new IssuesClient(new ApsTransport(
            sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(IssuesClient)), sp.GetRequiredService<SsaTokenProvider>(),
            sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), sp.GetRequiredService<IOptions<ApsOptions>>())));
        services.TryAddTransient<IssueExporter>();
        return services;
    }
}
