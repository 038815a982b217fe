using System.Text.Json;
using System.Text.Json.Nodes;

namespace AccBackup.Repository.Tests.Files;

/// <summary>
/// The audit trail and the control-plane alarms: Key Vault's AuditEvent log and the backup blob service's write and
/// delete logs go to the Log Analytics workspace, and activity-log alerts watch role assignments, the write-once role,
/// retention policies, holds and locks, and the backup account's settings.
/// </summary>
public sealed class BicepAuditTests
{
    private const string DiagnosticSetting = "Microsoft.Insights/diagnosticSettings";
    private const string ActivityLogAlert = "Microsoft.Insights/activityLogAlerts";

    [Fact]
    public async Task KeyVault_AuditEvent_GoesToTheWorkspace()
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module("key-vault");
        var deployment = module.Deploy(new Dictionary<string, object?> { ["name"] = "kv-test", ["workspaceId"] = "workspace" });

        // Act
        var setting = Assert.Single(module.Resources, r => r.Type == DiagnosticSetting);

        // Assert
        Assert.Equal(ArmEvaluation.ResourceId("Microsoft.KeyVault/vaults", "kv-test"), deployment.Property(setting, "scope")!.GetValue<string>());
        Assert.True(
            ArmEvaluation.Same(JsonNode.Parse("""{"workspaceId": "workspace", "logs": [{"category": "AuditEvent", "enabled": true}]}"""), deployment.Property(setting, "properties")),
            deployment.Property(setting, "properties")?.ToJsonString());
    }

    [Theory]
    [InlineData("key-vault")]
    [InlineData("backup-storage")]
    public async Task Main_Workspace_IsTheMonitoringModules(string module)
    {
        // Act
        var argument = (await BicepCompiler.CompileMainAsync()).ModuleArguments(module)["workspaceId"];

        // Assert: the workspace Application Insights already writes to, so one place holds the app's logs and the audit.
        Assert.Matches(@"^\[reference\(.*'Microsoft\.Resources/deployments', 'monitoring'\).*\)\.outputs\.workspaceId\.value\]$", argument);
    }

    [Fact]
    public async Task ActivityLogAlerts_Rules_WatchRolesRetentionLocksAndTheBackupAccount()
    {
        // Arrange
        var module = (await BicepCompiler.CompileMainAsync()).Module("control-plane-alerts");
        var deployment = module.Deploy(new Dictionary<string, object?>
        {
            ["backupAccountId"] = "backup-account",
            ["writeOnceRoleId"] = "write-once-role",
        });

        // Act: the rules, each as scope → its operations (the resource below turns each into one alert rule).
        var rules = deployment.Evaluate(module.Variable("rules"))!.AsArray()
            .ToDictionary(r => Text(r!["name"]), r => (Scope: Text(r!["scope"]), ResourceId: Text(r!["resourceId"]), Operations: r!["operations"]!.AsArray().Select(Text).ToList()));

        // Assert
        Assert.Equal(ArmEvaluation.ResourceGroupId, rules["role-assignments"].Scope);
        Assert.Equal(["Microsoft.Authorization/roleAssignments/write", "Microsoft.Authorization/roleAssignments/delete"], rules["role-assignments"].Operations);
        Assert.Equal((ArmEvaluation.SubscriptionId, "write-once-role"), (rules["write-once-role"].Scope, rules["write-once-role"].ResourceId));
        Assert.Contains("Microsoft.Authorization/roleDefinitions/write", rules["write-once-role"].Operations);
        Assert.Equal(ArmEvaluation.ResourceGroupId, rules["retention-or-lock"].Scope);
        Assert.Superset(
            new HashSet<string>
            {
                "Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies/write",
                "Microsoft.Storage/storageAccounts/blobServices/containers/immutabilityPolicies/delete",
                "Microsoft.Authorization/locks/write",
                "Microsoft.Authorization/locks/delete",
            },
            rules["retention-or-lock"].Operations.ToHashSet());
        Assert.Equal("backup-account", rules["backup-account-settings"].Scope);
        Assert.Superset(
            new HashSet<string> { "Microsoft.Storage/storageAccounts/write", "Microsoft.Storage/storageAccounts/blobServices/write" },
            rules["backup-account-settings"].Operations.ToHashSet());
    }

    [Fact]
    public async Task ActivityLogAlerts_Resource_IsOneRulePerEntryOnItsOperationsNotifyingTheOperators()
    {
        // Arrange
        var main = await BicepCompiler.CompileMainAsync();
        var alert = Assert.Single(main.Module("control-plane-alerts").Resources, r => r.Type == ActivityLogAlert);

        // Act
        var loop = alert.Json.GetProperty("copy").GetProperty("count").GetString();
        var text = alert.Json.GetRawText();

        // Assert: a rule per entry, on the entry's scope, matching any of its operations, e-mailing the alerts' action group.
        Assert.Equal("[length(variables('rules'))]", loop);
        Assert.Contains("'field', 'operationName', 'equals'", text, StringComparison.Ordinal);
        Assert.Contains("'field', 'category', 'equals', 'Administrative'", text, StringComparison.Ordinal);
        Assert.Contains("variables('rules')[copyIndex()].scope", text, StringComparison.Ordinal);
        Assert.Contains("parameters('actionGroupIds')", text, StringComparison.Ordinal);
        Assert.Matches(@"^\[reference\(.*'Microsoft\.Resources/deployments', 'alerts'\).*\)\.outputs\.actionGroupIds\.value\]$", main.ModuleArguments("control-plane-alerts")["actionGroupIds"]);
        Assert.Matches(@"^\[reference\(.*'Microsoft\.Resources/deployments', 'backup-storage'\).*\)\.outputs\.id\.value\]$", main.ModuleArguments("control-plane-alerts")["backupAccountId"]);
    }

    private static string Text(JsonNode? node) => node?.GetValue<string>() ?? throw new InvalidOperationException("Expected a string, found nothing.");
}
