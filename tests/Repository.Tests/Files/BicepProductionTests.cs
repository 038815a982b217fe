using System.Text.Json.Nodes;

namespace AccBackup.Repository.Tests.Files;

/// <summary>
/// main.bicep's production switch, deployed on paper: it turns on retention (30 days unless immutabilityDays says
/// otherwise), the backup account's lock, Key Vault purge protection with 90 days of soft delete, and refuses to
/// deploy without an alert e-mail; azd maps it and keyVaultPurgeProtection like every other parameter.
/// </summary>
public sealed class BicepProductionTests
{
    [Fact]
    public async Task Production_On_TurnsOnRetentionLockAndPurgeProtection()
    {
        // Act
        var main = await BicepCompiler.CompileMainAsync();
        var deployment = main.Deploy(Parameters(production: true, alertEmail: "ops@example.com"));

        // Assert
        Assert.Equal(30, Argument(main, deployment, "backup-storage", "immutabilityDays")!.GetValue<int>());
        // The app checks at each run's start that the container carries the retention the deployment gave it.
        Assert.Equal(30, Argument(main, deployment, "function-app", "backupImmutabilityDays")!.GetValue<int>());
        Assert.True(Argument(main, deployment, "backup-storage", "lockAccount")!.GetValue<bool>());
        Assert.True(Argument(main, deployment, "key-vault", "purgeProtection")!.GetValue<bool>());
        Assert.Equal("ops@example.com", Argument(main, deployment, "alerts", "alertEmail")!.GetValue<string>());
    }

    [Fact]
    public async Task Production_Off_LeavesRetentionLockAndPurgeProtectionOff()
    {
        // Act
        var main = await BicepCompiler.CompileMainAsync();
        var deployment = main.Deploy(Parameters(production: false, alertEmail: ""));

        // Assert: a trial azd down can remove, alerts in the portal only.
        Assert.Equal(0, Argument(main, deployment, "backup-storage", "immutabilityDays")!.GetValue<int>());
        Assert.False(Argument(main, deployment, "backup-storage", "lockAccount")!.GetValue<bool>());
        Assert.False(Argument(main, deployment, "key-vault", "purgeProtection")!.GetValue<bool>());
        Assert.Equal("", Argument(main, deployment, "alerts", "alertEmail")!.GetValue<string>());
    }

    [Theory]
    [InlineData(false, 365)]
    [InlineData(true, 365)]
    [InlineData(true, 7)]
    public async Task Production_ImmutabilityDaysSet_KeepsThoseDays(bool production, int immutabilityDays)
    {
        // Act
        var main = await BicepCompiler.CompileMainAsync();
        var deployment = main.Deploy(Parameters(production, "ops@example.com", immutabilityDays));

        // Assert
        Assert.Equal(immutabilityDays, Argument(main, deployment, "backup-storage", "immutabilityDays")!.GetValue<int>());
        Assert.Equal(immutabilityDays, Argument(main, deployment, "function-app", "backupImmutabilityDays")!.GetValue<int>());
    }

    [Fact]
    public async Task Production_WithoutAlertEmail_FailsTheDeploymentNamingTheSetting()
    {
        // Arrange
        var main = await BicepCompiler.CompileMainAsync();
        var deployment = main.Deploy(Parameters(production: true, alertEmail: ""));

        // Act
        var failure = Assert.Throws<ArmDeploymentFailure>(() => Argument(main, deployment, "alerts", "alertEmail"));

        // Assert
        Assert.Contains("ALERT_EMAIL", failure.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(true, true, 90)]
    [InlineData(false, null, 7)]
    public async Task KeyVault_PurgeProtection_KeepsDeletedSecretsForItsDays(bool purgeProtection, bool? expectedPurgeProtection, int expectedDays)
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module("key-vault");

        // Act
        var deployment = module.Deploy(new Dictionary<string, object?>
        {
            ["name"] = "kv-test",
            ["purgeProtection"] = purgeProtection,
            ["privateNetwork"] = false,
        });
        var vault = Assert.Single(module.Resources, r => r.Type == "Microsoft.KeyVault/vaults");
        var properties = deployment.Property(vault, "properties")!;

        // Assert: purge protection can only be on or absent (null leaves it off so azd down can purge a trial vault).
        Assert.Equal(expectedDays, properties["softDeleteRetentionInDays"]!.GetValue<int>());
        Assert.Equal(expectedPurgeProtection, properties["enablePurgeProtection"]?.GetValue<bool>());
    }

    [Theory]
    [InlineData("production", "PRODUCTION")]
    [InlineData("keyVaultPurgeProtection", "KEY_VAULT_PURGE_PROTECTION")]
    [InlineData("privateNetwork", "PRIVATE_NETWORK")]
    public async Task MainParameters_Switch_IsMappedForAzdEnvSet(string parameter, string variable)
    {
        // Arrange
        var declared = (await BicepCompiler.CompileMainAsync()).Parameters;
        using var parameters = RepoFiles.Json(allowComments: false, "infra", "bicep", "main.parameters.json");

        // Act
        var value = parameters.RootElement.GetProperty("parameters").GetProperty(parameter).GetProperty("value").GetString();

        // Assert: `azd env set {variable} true` reaches the parameter; unset, it stays off.
        Assert.Equal($"${{{variable}=false}}", value);
        Assert.Equal("false", declared[parameter].GetProperty("defaultValue").GetRawText());
    }

    private static Dictionary<string, object?> Parameters(bool production, string alertEmail, int immutabilityDays = 0) => new()
    {
        ["production"] = production,
        ["alertEmail"] = alertEmail,
        ["immutabilityDays"] = immutabilityDays,
    };

    private static JsonNode? Argument(ArmTemplate main, ArmEvaluation deployment, string module, string parameter) =>
        deployment.Evaluate(main.ModuleArgument(module, parameter));
}
