using System.Text.Json.Nodes;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The console module (infra/bicep/modules/console.bicep), deployed on paper: App Service authentication with
/// Microsoft Entra ID in front of everything but the function-key API, and the one account-level right the download links need.</summary>
public sealed class BicepConsoleTests
{
    private const string App = "func-test";
    private const string Account = "stbaktest";
    private const string AuthSettings = "Microsoft.Web/sites/config";
    private const string RoleAssignment = "Microsoft.Authorization/roleAssignments";
    private static readonly string BlobDelegator = ArmEvaluation.SubscriptionResourceId("Microsoft.Authorization/roleDefinitions", "db58b8e5-c6ad-4a2a-8342-4190687cbf4a");

    [Theory]
    [InlineData("")]
    [InlineData("3f2c8c1e-1111-4a2b-9c3d-5e6f7a8b9c0d")]
    public async Task Authentication_AnyClientId_RequiresSignInForTheConsoleAndItsData(string clientId)
    {
        // Act
        var (module, deployment) = await DeployAsync(clientId);
        var settings = Assert.Single(module.Resources, r => r.Type == AuthSettings && deployment.Deploys(r));
        var properties = deployment.Property(settings, "properties")!;
        var validation = properties["globalValidation"]!;
        var excluded = validation["excludedPaths"]!.AsArray().Select(p => p!.GetValue<string>()).ToList();
        var entra = properties["identityProviders"]!["azureActiveDirectory"]!;

        // Assert: on for the whole app; only the function-key API is left to its keys; no one signs in without a registration.
        Assert.Equal($"{App}/authsettingsV2", deployment.Property(settings, "name")!.GetValue<string>());
        Assert.True(properties["platform"]!["enabled"]!.GetValue<bool>());
        Assert.True(validation["requireAuthentication"]!.GetValue<bool>());
        Assert.NotEqual("AllowAnonymous", validation["unauthenticatedClientAction"]!.GetValue<string>());
        Assert.All(excluded, path => Assert.StartsWith("/api/backups", path, StringComparison.Ordinal));
        Assert.DoesNotContain(excluded, path => path.StartsWith("/api/console", StringComparison.Ordinal) || path.Contains("/*/", StringComparison.Ordinal) || path == "/*");
        Assert.Equal(clientId.Length > 0, entra["enabled"]!.GetValue<bool>());
        Assert.Equal(clientId, entra["registration"]!["clientId"]!.GetValue<string>());
        Assert.Equal("https://login.microsoftonline.com/tenant/v2.0", entra["registration"]!["openIdIssuer"]!.GetValue<string>());
    }

    [Fact]
    public async Task Delegator_Deployed_IsStorageBlobDelegatorOnTheBackupAccountOnly()
    {
        // Act
        var (module, deployment) = await DeployAsync("client");
        var assignment = Assert.Single(module.Resources, r => r.Type == RoleAssignment && deployment.Deploys(r));
        var properties = deployment.Property(assignment, "properties")!;

        // Assert
        Assert.Equal(BlobDelegator, properties["roleDefinitionId"]!.GetValue<string>());
        Assert.Equal("app-principal", properties["principalId"]!.GetValue<string>());
        Assert.Equal(ArmEvaluation.ResourceId("Microsoft.Storage/storageAccounts", Account), deployment.Property(assignment, "scope")!.GetValue<string>());
    }

    [Fact]
    public async Task Main_ConsoleClientId_ReachesTheModuleAndDefaultsToEmpty()
    {
        var main = await BicepCompiler.CompileMainAsync();

        var arguments = main.ModuleArguments("console");

        Assert.Equal("[parameters('consoleClientId')]", arguments["consoleClientId"]);
        Assert.Equal(string.Empty, main.Parameters["consoleClientId"].GetProperty("defaultValue").GetString());
    }

    private static async Task<(ArmTemplate Module, ArmEvaluation Deployment)> DeployAsync(string clientId)
    {
        var module = (await BicepCompiler.CompileMainAsync()).Module("console");
        return (module, module.Deploy(new Dictionary<string, object?>
        {
            ["functionAppName"] = App,
            ["backupStorageName"] = Account,
            ["appPrincipalId"] = "app-principal",
            ["consoleClientId"] = clientId,
        }));
    }
}
