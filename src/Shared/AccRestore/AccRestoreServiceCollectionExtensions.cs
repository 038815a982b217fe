using AccBackup.Acc;
using AccBackup.Acc.Tokens;
using AccBackup.Acc.Writes;
using AccBackup.AccRestore.Executing;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.AccRestore.Target;
using AccBackup.Issues;
using AccBackup.Quotas;
using AccBackup.Retry;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.AccRestore;

/// <summary>Registers restore into ACC: its options (section <c>Restore</c>), the write client acting as <c>Restore:UserId</c> or
/// the service account, the planner, executor and record. Needs the backup storage; adds the APS client and the service account's settings (<c>Issues:*</c>).</summary>
public static class AccRestoreServiceCollectionExtensions
{
    /// <summary>The scopes a restore's tokens ask for: it reads, creates and writes.</summary>
    public const string WriteScopes = "data:read data:write data:create";

    private const string TokensKey = "restore";

    /// <summary>Adds restore into ACC bound to the "Restore" section.</summary>
    public static IServiceCollection AddAccRestore(this IServiceCollection services, IConfiguration configuration)
    {
        services.AddOptions<AccRestoreOptions>()
            .Bind(configuration.GetSection(AccRestoreOptions.SectionName))
            .Configure(o => o.BufferBudgetBytes = configuration.GetValue<long?>("Copy:BufferBudgetBytes") ?? o.BufferBudgetBytes)
            .ValidateDataAnnotations()
            .Validate(o => !(o.UseServiceAccount && !string.IsNullOrWhiteSpace(o.UserId)),
                "Restore:UserId and Restore:UseServiceAccount both say who the restore acts as: set one of them.")
            .ValidateOnStart();
        services.AddApsClient(configuration);
        services.AddOptions<IssuesOptions>().Bind(configuration.GetSection(IssuesOptions.SectionName)).ValidateOnStart();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<IssuesOptions>, IssuesOptionsValidator>());

        services.AddHttpClient(nameof(SignedPartUploader)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.AddHttpClient(nameof(ApsWriteClient)).ConfigurePrimaryHttpMessageHandler(ApsServiceCollectionExtensions.CreateHandler);
        services.TryAddKeyedSingleton<IApsAccessTokens>(TokensKey, (sp, _) => CreateTokens(sp));
        services.TryAddTransient(sp => WriteTransport(sp));
        services.TryAddTransient(sp => new ApsWriteClient(WriteTransport(sp), Options(sp).UserId is { Length: > 0 } user ? user : null));
        services.TryAddTransient(sp => new ApsUploadClient(WriteTransport(sp), sp.GetRequiredService<TimeProvider>()));
        services.TryAddTransient(sp => new SignedPartUploader(S3(sp), sp.GetRequiredService<ApsUploadClient>(), sp.GetRequiredService<TimeProvider>())
        {
            PartSize = Options(sp).PartSizeBytes,
        });
        services.TryAddTransient(sp => new TipReader(sp.GetRequiredService<ApsOssClient>(), S3(sp)));
        services.TryAddTransient<RestoreSelection>();
        services.TryAddTransient<AccRestorePlanner>();
        services.TryAddTransient<AccRestoreExecutor>();
        services.TryAddTransient<RestoreRecord>();
        services.TryAddTransient<AccRestorer>();
        services.TryAddTransient<RestoreRecheck>();
        return services;
    }

    private static AccRestoreOptions Options(IServiceProvider sp) => sp.GetRequiredService<IOptions<AccRestoreOptions>>().Value;

    private static HttpClient S3(IServiceProvider sp) => sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(SignedPartUploader));

    // A transport of its own: its tokens carry write scopes, which the nightly backup's never ask for.
    private static ApsTransport WriteTransport(IServiceProvider sp) => new(
        sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(ApsWriteClient)), sp.GetRequiredKeyedService<IApsAccessTokens>(TokensKey),
        sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), sp.GetRequiredService<IOptions<ApsOptions>>());

    private static IApsAccessTokens CreateTokens(IServiceProvider sp)
    {
        var http = sp.GetRequiredService<IHttpClientFactory>().CreateClient(nameof(ApsWriteClient) + ".tokens");
        var aps = sp.GetRequiredService<IOptions<ApsOptions>>().Value;
        var time = sp.GetRequiredService<TimeProvider>();
        if (Options(sp).UseServiceAccount)
        {
            var issues = sp.GetRequiredService<IOptions<IssuesOptions>>().Value;
            if (!issues.IsConfigured)
            {
                throw new InvalidOperationException("Restore:UseServiceAccount is true, but no service account is set (Issues:ServiceAccountId, Issues:KeyId, Issues:PrivateKey).");
            }

            var ssa = new IssuesOptions
            {
                ServiceAccountId = issues.ServiceAccountId, KeyId = issues.KeyId, PrivateKey = issues.PrivateKey,
                AssertionLifetime = issues.AssertionLifetime, Scopes = WriteScopes,
            };
            return new SsaTokenProvider(http, Microsoft.Extensions.Options.Options.Create(aps), Microsoft.Extensions.Options.Options.Create(ssa),
                sp.GetRequiredService<ApsQuotaLimiter>(), sp.GetRequiredService<ApsResilience>(), time, sp.GetRequiredService<ILogger<SsaTokenProvider>>());
        }

        var app = new ApsOptions { BaseUrl = aps.BaseUrl, ClientId = aps.ClientId, ClientSecret = aps.ClientSecret, AccountId = aps.AccountId, Scopes = WriteScopes };
        return new ApsTokenProvider(http, Microsoft.Extensions.Options.Options.Create(app), sp.GetRequiredService<ApsQuotaLimiter>(),
            sp.GetRequiredService<ApsResilience>(), time, sp.GetRequiredService<ILogger<ApsTokenProvider>>());
    }
}
