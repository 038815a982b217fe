using System.Text.Json;

namespace AccBackup.Tests.Infrastructure;

/// <summary>The compiled template grants least privilege, locks storage to Entra ID, and matches azure.yaml and main.parameters.json.</summary>
public sealed class BicepTemplateTests
{
    private const string BlobDataContributor = "ba92f5b4-2d11-453d-a403-e96b0029c9fe";
    private const string RoleAssignment = "Microsoft.Authorization/roleAssignments";

    [Fact]
    public async Task RoleAssignments_EveryName_IsAGuid()
    {
        // Arrange
        var template = await BicepCompiler.CompileMainAsync();

        // Act
        var assignments = template.AllResources.Where(r => r.Type == RoleAssignment).ToList();

        // Assert
        Assert.NotEmpty(assignments);
        Problems.AssertNone(assignments
            .Where(a => !a.Name.StartsWith("[guid(", StringComparison.Ordinal))
            .Select(a => $"{a.Module}: role assignment named {a.Name}"));
    }

    [Fact]
    public async Task BackupStorage_OnlyRole_IsBlobDataContributorOnTheContainer()
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module("backup-storage");

        // Act
        var assignment = Assert.Single(module.Resources, r => r.Type == RoleAssignment);

        // Assert
        Assert.Contains($"'{BlobDataContributor}'", module.Resolve(assignment.Properties.GetProperty("roleDefinitionId").GetString()!), StringComparison.Ordinal);
        Assert.StartsWith("[resourceId('Microsoft.Storage/storageAccounts/blobServices/containers'", assignment.Text("scope"), StringComparison.Ordinal);
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
    public void AzureYaml_FunctionsService_DeploysSrcFunctionsWithTheBicep()
    {
        var yaml = RepoFiles.Text("azure.yaml");

        Assert.Matches(@"(?m)^infra:\s*\n(\s+\w+:.*\n)*?\s+path: infra/bicep\s*$", yaml);
        Assert.Matches(@"(?m)^services:\s*\n\s+functions:\s*\n\s+project: \./src/Functions\s*\n\s+language: dotnet\s*\n\s+host: function\s*$", yaml);
        Assert.True(File.Exists(Path.Combine(Testing.RepoPaths.Root, "src", "Functions", "AccBackup.Functions.csproj")), "src/Functions has no project.");
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

    private static bool IsNullable(JsonElement parameter) => parameter.TryGetProperty("nullable", out var nullable) && nullable.GetBoolean();

    private static string? Expect(ArmResource account, string property, string json) =>
        account.Properties.TryGetProperty(property, out var value) && value.GetRawText() == json
            ? null
            : $"{account.Module}: {property} is {(account.Properties.TryGetProperty(property, out var actual) ? actual.GetRawText() : "not set")}, expected {json}";
}
