using System.Text.Json;
using System.Text.RegularExpressions;

namespace AccBackup.Repository.Tests.Files;

/// <summary>The compiled template grants least privilege, locks storage to Entra ID, and matches azure.yaml and main.parameters.json.</summary>
public sealed class BicepTemplateTests
{
    private const string RoleAssignment = "Microsoft.Authorization/roleAssignments";
    private const string RoleDefinition = "Microsoft.Authorization/roleDefinitions";

    [Fact]
    public async Task RoleAssignmentsAndDefinitions_EveryName_IsAGuid()
    {
        // Arrange
        var template = await BicepCompiler.CompileMainAsync();

        // Act
        var roles = template.AllResources.Where(r => r.Type is RoleAssignment or RoleDefinition).ToList();

        // Assert
        Assert.Contains(roles, r => r.Type == RoleDefinition);
        Problems.AssertNone(roles
            .Where(r => !r.Name.StartsWith("[guid(", StringComparison.Ordinal))
            .Select(r => $"{r.Module}: {r.Type} named {r.Name}"));
    }

    [Fact]
    public async Task StorageAccounts_Every_AcceptsOnlyEntraIdOverTls12()
    {
        // Arrange
        var template = await BicepCompiler.CompileMainAsync();

        // Act
        var accounts = template.AllResources.Where(r => r.Type == "Microsoft.Storage/storageAccounts").ToList();

        // Assert: both the backup and the Functions host account; no account key, no anonymous read, no plain HTTP.
        Assert.Equal(["backup-storage", "host-storage"], accounts.Select(a => a.Module).Order(StringComparer.Ordinal));
        Problems.AssertNone(accounts.SelectMany(a => new[]
        {
            Expect(a, "allowSharedKeyAccess", "false"),
            Expect(a, "allowBlobPublicAccess", "false"),
            Expect(a, "supportsHttpsTrafficOnly", "true"),
            Expect(a, "minimumTlsVersion", "\"TLS1_2\""),
        }).OfType<string>());
    }

    [Fact]
    public async Task AzureYaml_FunctionsService_IsTheIsolatedFunctionAppTheBicepTags()
    {
        var yaml = RepoFiles.Text("azure.yaml");
        var service = Regex.Match(yaml, @"(?m)^services:\s*\n\s+(?<name>[\w-]+):\s*\n\s+project: \./(?<project>[\w/]+)\s*\n\s+language: dotnet\s*\n\s+host: function\s*$");
        Assert.True(service.Success, "azure.yaml declares no dotnet function service.");
        Assert.Matches(@"(?m)^infra:\s*\n(\s+\w+:.*\n)*?\s+path: infra/bicep\s*$", yaml);
        var folder = Path.Combine(Testing.RepoPaths.Root, service.Groups["project"].Value);
        var project = Assert.Single(Directory.GetFiles(folder, "*.csproj"));

        // azd deploys to the site tagged with the service's name; the site runs the framework the project builds for.
        var site = Assert.Single((await BicepCompiler.CompileMainAsync()).Module("function-app").Resources, r => r.Type == "Microsoft.Web/sites");
        Assert.Contains($"'azd-service-name', '{service.Groups["name"].Value}'", site.Text("tags"), StringComparison.Ordinal);
        var runtime = site.Properties.GetProperty("functionAppConfig").GetProperty("runtime");
        Assert.Equal("dotnet-isolated", runtime.GetProperty("name").GetString());
        var framework = Regex.Match(RepoFiles.Text("Directory.Build.props"), "<TargetFramework>net(?<version>[0-9.]+)</TargetFramework>").Groups["version"].Value;
        Assert.Equal(framework, runtime.GetProperty("version").GetString());

        // The project is an isolated Functions app (which functions it reports: tests/Functions.Tests FunctionMetadataTests).
        Assert.Matches("<AzureFunctionsVersion>v4</AzureFunctionsVersion>", File.ReadAllText(project));
        Assert.Matches("<OutputType>Exe</OutputType>", File.ReadAllText(project));
    }

    [Fact]
    public async Task MainParameters_EveryEntry_MatchesAParameterAndCoversEveryRequiredOne()
    {
        // Arrange
        var declared = (await BicepCompiler.CompileMainAsync()).Parameters;
        using var parameters = RepoFiles.Json(allowComments: false, "infra", "bicep", "main.parameters.json");

        // Act
        var supplied = parameters.RootElement.GetProperty("parameters").EnumerateObject().Select(p => p.Name).ToList();

        // Assert
        Problems.AssertNone(supplied.Where(p => !declared.ContainsKey(p)).Select(p => $"{p} is supplied but main.bicep declares no such parameter"));
        Problems.AssertNone(declared
            .Where(d => !d.Value.TryGetProperty("defaultValue", out _) && !IsNullable(d.Value) && !supplied.Contains(d.Key))
            .Select(d => $"{d.Key} has no default and is not supplied"));
    }

    [Fact]
    public async Task MainParameters_AzdDefaults_EqualTheBicepDefaults()
    {
        // Arrange
        var declared = (await BicepCompiler.CompileMainAsync()).Parameters;
        using var parameters = RepoFiles.Json(allowComments: false, "infra", "bicep", "main.parameters.json");

        // Act: "${NAME=default}" entries, whose default azd uses when the environment doesn't set NAME.
        var defaults = parameters.RootElement.GetProperty("parameters").EnumerateObject()
            .Select(p => (p.Name, Match: Regex.Match(p.Value.GetProperty("value").GetString() ?? "", @"^\$\{\w+=(?<default>.*)\}$")))
            .Where(p => p.Match.Success)
            .ToList();

        // Assert: an operator who sets nothing gets what main.bicep documents, whether azd or another tool deploys.
        Assert.NotEmpty(defaults);
        Problems.AssertNone(defaults
            .Where(d => !declared.TryGetValue(d.Name, out var parameter) || !parameter.TryGetProperty("defaultValue", out var value)
                || (value.ValueKind == JsonValueKind.String ? value.GetString() : value.GetRawText()) != d.Match.Groups["default"].Value)
            .Select(d => $"main.parameters.json defaults {d.Name} to '{d.Match.Groups["default"].Value}', main.bicep to something else"));
    }

    private static bool IsNullable(JsonElement parameter) => parameter.TryGetProperty("nullable", out var nullable) && nullable.GetBoolean();

    private static string? Expect(ArmResource account, string property, string json) =>
        account.Properties.TryGetProperty(property, out var value) && value.GetRawText() == json
            ? null
            : $"{account.Module}: {property} is {(account.Properties.TryGetProperty(property, out var actual) ? actual.GetRawText() : "not set")}, expected {json}";
}
