using AccBackup.Acc;
using AccBackup.Acc.Tokens;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Acc;

/// <summary>Builds the APS client from real DI registration, against a base URL or a stub handler.</summary>
internal static class ApsTestServices
{
    public const string AccountId = "5d3c0a9e-2f1b-4c8e-9a7d-000000000001";

    public static ServiceProvider Create(Uri baseUrl, HttpMessageHandler? stub = null, IDictionary<string, string?>? settings = null, TimeProvider? time = null)
    {
        var values = new Dictionary<string, string?>
        {
            ["Aps:BaseUrl"] = baseUrl.ToString(),
            ["Aps:ClientId"] = "demo-client",
            ["Aps:ClientSecret"] = "demo-secret",
            ["Aps:AccountId"] = AccountId,
            ["Aps:Retry:BaseDelay"] = "00:00:00.010",
            ["Aps:Quota:Enabled"] = "false",
        };
        foreach (var (key, value) in settings ?? new Dictionary<string, string?>())
        {
            values[key] = value;
        }

        var configuration = new ConfigurationBuilder().AddInMemoryCollection(values).Build();
        var services = new ServiceCollection();
        services.AddLogging();
        if (time is not null)
        {
            services.AddSingleton(time);
        }

        services.AddApsClient(configuration);
        if (stub is not null)
        {
            services.AddHttpClient(nameof(ApsTokenProvider)).ConfigurePrimaryHttpMessageHandler(() => stub);
            services.AddHttpClient<ApsTransport>().ConfigurePrimaryHttpMessageHandler(() => stub);
        }

        return services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
    }
}
