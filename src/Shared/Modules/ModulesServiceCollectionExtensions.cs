using AccBackup.Acc;
using AccBackup.Issues;
using AccBackup.Modules.Attributes;
using AccBackup.Modules.Forms;
using AccBackup.Modules.Members;
using AccBackup.Modules.Permissions;
using AccBackup.Modules.Photos;
using AccBackup.Modules.Rfis;
using AccBackup.Modules.Sheets;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules;

/// <summary>Registers the modules beyond files and issues: <c>Backup:Modules</c> validated on start, each module's client and
/// exporter (the run's module-export activity calls them).</summary>
public static class ModulesServiceCollectionExtensions
{
    /// <summary>Adds the module export; needs the APS client, the copy engine's signed download and the backup container
    /// (<see cref="Backup.BackupServiceCollectionExtensions.AddCopyEngine"/>) and the Issues options (<see cref="Issues.IssuesServiceCollectionExtensions.AddIssueExport"/>).</summary>
    public static IServiceCollection AddModuleExport(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<ModuleSelectionOptions>().Bind(configuration.GetSection(ModuleSelectionOptions.SectionName)).ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<ModuleSelectionOptions>, ModuleSelectionValidator>());
        services.AddOptions<SheetsOptions>().Bind(configuration.GetSection(SheetsOptions.SectionName)).ValidateDataAnnotations().ValidateOnStart();
        services.TryAddSingleton<ModuleSelection>();
        services.TryAddTransient<SignedUrlBlobWriter>();
        services.TryAddTransient<SheetsClient>();
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, SheetExporter>());
        services.TryAddTransient<MembersClient>();
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, MemberExporter>());
        services.AddOptions<RfisOptions>().Bind(configuration.GetSection(RfisOptions.SectionName)).ValidateDataAnnotations().ValidateOnStart();
        // RFIs need a user: the service account's tokens, on a client of their own so the app's token never goes with them.
        services.AddHttpClient(nameof(RfisClient)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.TryAddTransient(sp => new RfisClient(new ApsTransport(
            sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(RfisClient)), sp.GetRequiredService<SsaTokenProvider>(),
            sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), sp.GetRequiredService<IOptions<ApsOptions>>())));
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, RfiExporter>());
        services.AddOptions<PermissionsOptions>().Bind(configuration.GetSection(PermissionsOptions.SectionName)).ValidateDataAnnotations().ValidateOnStart();
        services.TryAddTransient<PermissionsClient>();
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, PermissionExporter>());
        services.AddOptions<AttributesOptions>().Bind(configuration.GetSection(AttributesOptions.SectionName)).ValidateDataAnnotations().ValidateOnStart();
        services.TryAddTransient<AttributesClient>();
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, AttributeExporter>());
        services.AddOptions<FormsOptions>().Bind(configuration.GetSection(FormsOptions.SectionName)).ValidateDataAnnotations().ValidateOnStart();
        // Forms need a user too: the service account's tokens on a client of their own.
        services.AddHttpClient(nameof(FormsClient)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.TryAddTransient(sp => new FormsClient(new ApsTransport(
            sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(FormsClient)), sp.GetRequiredService<SsaTokenProvider>(),
            sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), sp.GetRequiredService<IOptions<ApsOptions>>())));
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, FormExporter>());
        // Photos and their links need a user too: the same service account, on a client of their own.
        services.AddHttpClient(nameof(PhotosClient)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.TryAddTransient(sp => new PhotosClient(ServiceAccountTransport(sp, nameof(PhotosClient))));
        services.TryAddTransient(sp => new RelationshipsClient(ServiceAccountTransport(sp, nameof(PhotosClient))));
        services.TryAddEnumerable(ServiceDescriptor.Transient<IProjectModuleExporter, PhotoExporter>());
        return services;
    }

    private static ApsTransport ServiceAccountTransport(IServiceProvider sp, string client) => new(
        sp.GetRequiredService<IHttpClientFactory>().CreateClient(client), sp.GetRequiredService<SsaTokenProvider>(),
        sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), sp.GetRequiredService<IOptions<ApsOptions>>());
}
