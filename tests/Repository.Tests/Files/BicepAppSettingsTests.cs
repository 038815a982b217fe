namespace AccBackup.Repository.Tests.Files;

/// <summary>
/// The Function App settings in the compiled template (infra/bicep/modules/function-app.bicep) against the options the app binds.
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
        "OTEL_TRACES_SAMPLER",
        "OTEL_TRACES_SAMPLER_ARG",
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

    /// <summary>Options Azure needs although their code default is valid: blob storage through the managed identity, one APS budget for all instances.</summary>
    private static readonly string[] AzureChoices =
    [
        "Aps__Quota__Scope",
        "BackupStorage__ServiceUri",
        "BackupStorage__ManagedIdentityClientId",
        "BackupStorage__ContainerName",
        "BackupStorage__StateContainerName",
    ];

    /// <summary>Options an operator sets per deployment (azd environment values / Bicep parameters).</summary>
    private static readonly string[] OperatorSettings =
    [
        "Aps__AccountId",
        "Aps__ClientId",
        "Aps__Quota__Share",
        "Backup__Schedule",
        "Backup__IncludeProjects",
        "Backup__ExcludeProjects",
        "Backup__Versions",
        "BackupStorage__ImmutabilityDays",
        "Issues__ServiceAccountId",
        "Issues__KeyId",
    ];


    [Fact]
    public async Task AppSettings_SectionKeys_AreRealOptions()
    {
        var settings = await SettingsAsync();
        var unknown = settings.Keys
            .Where(k => OptionsCatalog.IsSectionKey(k) && !OptionsCatalog.Keys.Contains(k))
            .Select(k => $"{k} is not a property of its options class");

        Problems.AssertNone(unknown);
    }

    [Fact]
    public async Task AppSettings_OtherKeys_AreOnTheRuntimeAllowlist()
    {
        var settings = await SettingsAsync();
        var unknown = settings.Keys
            .Where(k => !OptionsCatalog.IsSectionKey(k) && !AzureRuntimeSettings.Contains(k))
            .Select(k => $"{k} is neither an option nor an allowed runtime setting");

        Problems.AssertNone(unknown);
    }

    [Fact]
    public async Task AppSettings_RequiredOptionsWithoutDefault_AreSet()
    {
        var required = OptionsCatalog.All.Where(o => o.IsRequiredWithoutDefault).Select(o => o.Key).ToList();

        Assert.Contains("Aps__ClientSecret", required);
        var settings = await SettingsAsync();
        Problems.AssertNone(required.Where(k => !settings.ContainsKey(k)).Select(k => $"{k} is required and has no default, but the Bicep does not set it"));
    }

    [Fact]
    public async Task AppSettings_AzureChoicesAndOperatorSettings_AreSet()
    {
        var settings = await SettingsAsync();
        var missing = AzureChoices.Concat(OperatorSettings).Where(k => !settings.ContainsKey(k)).Select(k => $"{k} is not set");

        Problems.AssertNone(missing);
    }

    [Fact]
    public async Task AppSettings_TraceSampler_BoundsTheHostsSpansToAFewThousandADay()
    {
        // An idle Durable app's host sends its storage polling as spans around the clock: rate-limited, they stay a small
        // share of an idle day's budget (5,000 items) whatever the account.
        var settings = await SettingsAsync();

        var perSecond = double.Parse(settings.GetValueOrDefault("OTEL_TRACES_SAMPLER_ARG") ?? "5", System.Globalization.CultureInfo.InvariantCulture);

        Assert.Equal("microsoft.rate_limited", settings.GetValueOrDefault("OTEL_TRACES_SAMPLER"));
        Assert.InRange(perSecond * 86_400, 1, 2_000);
    }

    [Fact]
    public async Task AppSettings_BackupStorage_UsesTheManagedIdentityNotAConnectionString()
    {
        var settings = await SettingsAsync();
        Assert.False(settings.ContainsKey("BackupStorage__ConnectionString"), "BackupStorage__ConnectionString would put an account key in app settings.");
        Assert.Equal("[parameters('identityClientId')]", settings["BackupStorage__ManagedIdentityClientId"]);
    }

    [Fact]
    public async Task AppSettings_StateContainerName_IsTheStateContainerTheBackupStorageModuleCreates()
    {
        // Arrange
        var settings = await SettingsAsync();

        // Act
        var argument = (await BicepCompiler.CompileMainAsync()).ModuleArguments("function-app")["backupStateContainerName"];

        // Assert: set explicitly, from the module that creates the container, not left to the app's naming rule.
        Assert.Equal("[parameters('backupStateContainerName')]", settings["BackupStorage__StateContainerName"]);
        Assert.Matches(@"^\[reference\(.*'Microsoft\.Resources/deployments', 'backup-storage'\).*\)\.outputs\.stateContainerName\.value\]$", argument);
    }

    [Fact]
    public async Task AppSettings_ApsClientSecret_IsAKeyVaultReference()
    {
        var settings = await SettingsAsync();
        Assert.StartsWith("[format('@Microsoft.KeyVault(SecretUri=", settings["Aps__ClientSecret"], StringComparison.Ordinal);
    }

    [Fact]
    public async Task AppSettings_IssuesPrivateKey_IsAKeyVaultReferenceOnlyWhenIssuesAreConfigured()
    {
        var settings = await SettingsAsync();
        Assert.StartsWith("[if(empty(parameters('issuesServiceAccountId')), '', format('@Microsoft.KeyVault(SecretUri=", settings["Issues__PrivateKey"], StringComparison.Ordinal);
    }

    [Fact]
    public async Task AppSettings_HostStorage_IsIdentityBased()
    {
        var settings = await SettingsAsync();
        Assert.Equal("managedidentity", settings["AzureWebJobsStorage__credential"]);
        Assert.Equal("[parameters('identityClientId')]", settings["AzureWebJobsStorage__clientId"]);
        Assert.True(settings.ContainsKey("AzureWebJobsStorage__accountName"), "AzureWebJobsStorage__accountName is not set.");
    }

    [Fact]
    public async Task AppSettings_FlexConsumption_OmitsTheSettingsThePlanRejects()
    {
        var settings = await SettingsAsync();
        var present = RejectedByFlexConsumption.Where(settings.ContainsKey).Select(k => $"{k} must not be set on Flex Consumption");

        Problems.AssertNone(present);
    }

    // The appsettings config resource of the function-app module: each value a literal or an ARM expression.
    private static async Task<IReadOnlyDictionary<string, string>> SettingsAsync()
    {
        var module = (await BicepCompiler.CompileMainAsync()).Module("function-app");
        var config = Assert.Single(module.Resources, r => r.Type == "Microsoft.Web/sites/config" && r.Name.EndsWith("'appsettings')]", StringComparison.Ordinal));
        return config.Properties.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.ValueKind == System.Text.Json.JsonValueKind.String ? p.Value.GetString()! : p.Value.GetRawText(), StringComparer.Ordinal);
    }
}
