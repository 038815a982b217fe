namespace AccBackup.Tests.Infrastructure;

/// <summary>
/// The Function App settings in infra/bicep/modules/function-app.bicep against the options the app binds.
/// Rule (infra/bicep/README.md, "App settings"): the Bicep sets every option whose code default fails its own
/// [Required], the Azure-only choices, and the operator's parameters; every other option runs on its code default,
/// documented in local.settings.sample.json. Any Section__X it sets must be a real option; every other name must be
/// on the Functions runtime allowlist below.
/// </summary>
public sealed class BicepAppSettingsTests
{
    /// <summary>Runtime settings a Flex Consumption app may carry besides the options.</summary>
    private static readonly HashSet<string> AzureRuntimeSettings = new(StringComparer.Ordinal)
    {
        "AzureWebJobsStorage__accountName",
        "AzureWebJobsStorage__credential",
        "AzureWebJobsStorage__clientId",
        "AzureWebJobsStorage__blobServiceUri",
        "AzureWebJobsStorage__queueServiceUri",
        "AzureWebJobsStorage__tableServiceUri",
        "APPLICATIONINSIGHTS_CONNECTION_STRING",
        "APPLICATIONINSIGHTS_AUTHENTICATION_STRING",
    };

    /// <summary>Settings the Flex Consumption plan rejects or replaces (runtime and package come from functionAppConfig).</summary>
    private static readonly string[] RejectedByFlexConsumption =
    [
        "FUNCTIONS_WORKER_RUNTIME",
        "FUNCTIONS_EXTENSION_VERSION",
        "WEBSITE_RUN_FROM_PACKAGE",
        "WEBSITE_CONTENTSHARE",
        "WEBSITE_CONTENTAZUREFILECONNECTIONSTRING",
        "AzureWebJobsStorage",
    ];

    /// <summary>Options Azure needs although their code default is valid: blob storage through the managed identity.</summary>
    private static readonly string[] AzureChoices =
    [
        "BackupStorage__ServiceUri",
        "BackupStorage__ManagedIdentityClientId",
        "BackupStorage__ContainerName",
    ];

    /// <summary>Options an operator sets per deployment (azd environment values / Bicep parameters).</summary>
    private static readonly string[] OperatorSettings =
    [
        "Aps__AccountId",
        "Aps__ClientId",
        "Aps__QuotaShare",
        "Backup__Schedule",
        "Backup__IncludeProjects",
        "Backup__ExcludeProjects",
    ];

    private static readonly IReadOnlyDictionary<string, string> Settings = RepoFiles.BicepAppSettings();

    [Fact]
    public void AppSettings_SectionKeys_AreRealOptions()
    {
        var unknown = Settings.Keys
            .Where(k => OptionsCatalog.IsSectionKey(k) && !OptionsCatalog.Keys.Contains(k))
            .Select(k => $"{k} is not a property of its options class");

        Problems.AssertNone(unknown);
    }

    [Fact]
    public void AppSettings_OtherKeys_AreOnTheRuntimeAllowlist()
    {
        var unknown = Settings.Keys
            .Where(k => !OptionsCatalog.IsSectionKey(k) && !AzureRuntimeSettings.Contains(k))
            .Select(k => $"{k} is neither an option nor an allowed runtime setting");

        Problems.AssertNone(unknown);
    }

    [Fact]
    public void AppSettings_RequiredOptionsWithoutDefault_AreSet()
    {
        var required = OptionsCatalog.All.Where(o => o.IsRequiredWithoutDefault).Select(o => o.Key).ToList();

        Assert.Contains("Aps__ClientSecret", required);
        Problems.AssertNone(required.Where(k => !Settings.ContainsKey(k)).Select(k => $"{k} is required and has no default, but the Bicep does not set it"));
    }

    [Fact]
    public void AppSettings_AzureChoicesAndOperatorSettings_AreSet()
    {
        var missing = AzureChoices.Concat(OperatorSettings).Where(k => !Settings.ContainsKey(k)).Select(k => $"{k} is not set");

        Problems.AssertNone(missing);
    }

    [Fact]
    public void AppSettings_BackupStorage_UsesTheManagedIdentityNotAConnectionString()
    {
        Assert.False(Settings.ContainsKey("BackupStorage__ConnectionString"), "BackupStorage__ConnectionString would put an account key in app settings.");
        Assert.Equal("identityClientId", Settings["BackupStorage__ManagedIdentityClientId"]);
    }

    [Fact]
    public void AppSettings_ApsClientSecret_IsAKeyVaultReference()
    {
        Assert.StartsWith("'@Microsoft.KeyVault(SecretUri=", Settings["Aps__ClientSecret"], StringComparison.Ordinal);
    }

    [Fact]
    public void AppSettings_HostStorage_IsIdentityBased()
    {
        Assert.Equal("'managedidentity'", Settings["AzureWebJobsStorage__credential"]);
        Assert.Equal("identityClientId", Settings["AzureWebJobsStorage__clientId"]);
        Assert.True(Settings.ContainsKey("AzureWebJobsStorage__accountName"), "AzureWebJobsStorage__accountName is not set.");
    }

    [Fact]
    public void AppSettings_FlexConsumption_OmitsTheSettingsThePlanRejects()
    {
        var present = RejectedByFlexConsumption.Where(Settings.ContainsKey).Select(k => $"{k} must not be set on Flex Consumption");

        Problems.AssertNone(present);
    }
}
