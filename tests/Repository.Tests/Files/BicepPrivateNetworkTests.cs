using System.Text.Json;

namespace AccBackup.Repository.Tests.Files;

/// <summary>
/// The private network option (privateNetwork): the Function App joins a delegated subnet, both storage accounts and
/// Key Vault get private endpoints with their DNS zones and refuse public network access; off, nothing of it is
/// deployed. Both variants compile with the real compiler from a parameters file.
/// </summary>
public sealed class BicepPrivateNetworkTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task BuildParams_EitherNetwork_CompilesWithoutDiagnostics(bool privateNetwork)
    {
        // Arrange: a .bicepparam as an operator would write it, production on (the stricter variant).
        var folder = Directory.CreateTempSubdirectory("acc-backup-bicepparam-").FullName;
        var file = Path.Combine(folder, "variant.bicepparam");
        var main = Path.GetRelativePath(folder, RepoFiles.MainBicep).Replace('\\', '/');
        await File.WriteAllTextAsync(file, $"""
            using '{main}'
            param environmentName = 'variant'
            param location = 'swedencentral'
            param apsAccountId = '00000000-0000-0000-0000-000000000001'
            param apsClientId = 'client'
            param production = true
            param alertEmail = 'ops@example.com'
            param privateNetwork = {(privateNetwork ? "true" : "false")}
            """);

        try
        {
            // Act
            var run = await BicepCompiler.RunAsync("build-params", file, "--stdout", "--no-restore");

            // Assert
            Assert.True(run.ExitCode == 0 && run.Diagnostics.Length == 0, $"bicep build-params exited {run.ExitCode}:{Environment.NewLine}{run.Diagnostics}");
            using var output = JsonDocument.Parse(run.Output);
            using var parameters = JsonDocument.Parse(output.RootElement.GetProperty("parametersJson").GetString()!);
            Assert.Equal(privateNetwork, parameters.RootElement.GetProperty("parameters").GetProperty("privateNetwork").GetProperty("value").GetBoolean());
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Main_PrivateNetwork_DeploysTheNetworkOnlyWhenAsked(bool privateNetwork)
    {
        // Arrange
        var main = await BicepCompiler.CompileMainAsync();
        var network = Assert.Single(main.Resources, r => r.Type == "Microsoft.Resources/deployments" && r.Name == "private-network");

        // Act
        var deploys = main.Deploy(new Dictionary<string, object?> { ["privateNetwork"] = privateNetwork }).Deploys(network);

        // Assert
        Assert.Equal(privateNetwork, deploys);
    }

    [Fact]
    public async Task Main_FunctionApp_JoinsTheNetworksAppSubnet()
    {
        // Act
        var argument = (await BicepCompiler.CompileMainAsync()).ModuleArguments("function-app")["virtualNetworkSubnetId"];

        // Assert: the subnet the private-network module delegates, or none.
        Assert.Matches(@"^\[coalesce\(tryGet\(if\(parameters\('privateNetwork'\), reference\(.*'Microsoft\.Resources/deployments', 'private-network'\).*\), null\(\)\), 'outputs', 'appSubnetId', 'value'\), ''\)\]$", argument);
    }

    [Fact]
    public async Task Main_PrivateEndpoints_CoverTheBackupBlobsTheHostsBlobsQueuesTablesAndTheVault()
    {
        // Arrange
        var main = await BicepCompiler.CompileMainAsync();

        // Act: each endpoint as "module that owns the target/sub-resource".
        var endpoints = main.ModuleArgument("private-network", "endpoints").EnumerateArray()
            .Select(e => $"{System.Text.RegularExpressions.Regex.Match(e.GetProperty("targetId").GetString()!, @"'Microsoft\.Resources/deployments', '(?<module>[\w-]+)'").Groups["module"].Value}/{e.GetProperty("groupId").GetString()}")
            .Order(StringComparer.Ordinal);

        // Assert: the Functions runtime needs blob, queue and table of its storage (Durable task hub, deployment package).
        Assert.Equal(["backup-storage/blob", "host-storage/blob", "host-storage/queue", "host-storage/table", "key-vault/vault"], endpoints);
    }

    [Theory]
    [InlineData("host-storage", "Microsoft.Storage/storageAccounts", false, "Enabled")]
    [InlineData("host-storage", "Microsoft.Storage/storageAccounts", true, "Disabled")]
    [InlineData("key-vault", "Microsoft.KeyVault/vaults", false, "Enabled")]
    [InlineData("key-vault", "Microsoft.KeyVault/vaults", true, "Disabled")]
    public async Task Module_PrivateNetwork_DecidesPublicNetworkAccess(string moduleName, string type, bool privateNetwork, string expected)
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module(moduleName);
        var deployment = module.Deploy(new Dictionary<string, object?> { ["name"] = "test", ["privateNetwork"] = privateNetwork, ["purgeProtection"] = false });

        // Act
        var properties = deployment.Property(Assert.Single(module.Resources, r => r.Type == type), "properties")!;

        // Assert
        Assert.Equal(expected, properties["publicNetworkAccess"]!.GetValue<string>());
    }

    [Theory]
    [InlineData("", null, null)]
    [InlineData("/subnets/app", "/subnets/app", true)]
    public async Task FunctionApp_Subnet_IntegratesAndRoutesAllTrafficThroughIt(string subnet, string? expectedSubnet, bool? expectedAllTraffic)
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module("function-app");
        var deployment = module.Deploy(new Dictionary<string, object?>
        {
            ["name"] = "func-test",
            ["planName"] = "plan-test",
            ["identityId"] = "identity",
            ["hostStorageBlobEndpoint"] = "https://st.blob/",
            ["deploymentContainerName"] = "package",
            ["maximumInstanceCount"] = 2,
            ["instanceMemoryMB"] = 2048,
            ["virtualNetworkSubnetId"] = subnet,
        });

        // Act
        var properties = deployment.Property(Assert.Single(module.Resources, r => r.Type == "Microsoft.Web/sites"), "properties")!;

        // Assert: with a subnet, Key Vault references resolve through it too (the vault is private then).
        Assert.Equal(expectedSubnet, properties["virtualNetworkSubnetId"]?.GetValue<string>());
        Assert.Equal(expectedAllTraffic, properties["outboundVnetRouting"]?["allTraffic"]?.GetValue<bool>());
    }

    [Fact]
    public async Task PrivateNetwork_AppSubnet_IsDelegatedToFlexConsumption()
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module("private-network");

        // Act
        var network = Assert.Single(module.Resources, r => r.Type == "Microsoft.Network/virtualNetworks");
        var app = network.Properties.GetProperty("subnets").EnumerateArray().Single(s => s.GetProperty("name").GetString() == "app");

        // Assert: Flex Consumption joins only a subnet delegated to Microsoft.App/environments.
        var delegation = Assert.Single(app.GetProperty("properties").GetProperty("delegations").EnumerateArray());
        Assert.Equal("Microsoft.App/environments", delegation.GetProperty("properties").GetProperty("serviceName").GetString());
    }
}
