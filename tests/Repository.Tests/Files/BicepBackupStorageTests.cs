using System.Text.Json.Nodes;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;

namespace AccBackup.Repository.Tests.Files;

/// <summary>
/// The backup storage module (infra/bicep/modules/backup-storage.bicep), deployed on paper with given parameters: a
/// write-once backup container with optional retention (WORM) and tiering, a mutable state container with neither,
/// soft delete, an audit log of blob writes and deletes, and roles that never give the app's identity a delete right
/// on the backup container.
/// </summary>
public sealed class BicepBackupStorageTests
{
    private const string Account = "stbaktest";
    private const string Backup = BlobStorageOptions.DefaultContainerName;
    private const string State = Backup + BlobStorageOptions.StateSuffix;
    private const string Container = "Microsoft.Storage/storageAccounts/blobServices/containers";
    private const string ImmutabilityPolicy = Container + "/immutabilityPolicies";
    private const string ManagementPolicy = "Microsoft.Storage/storageAccounts/managementPolicies";
    private const string RoleDefinition = "Microsoft.Authorization/roleDefinitions";
    private const string RoleAssignment = "Microsoft.Authorization/roleAssignments";
    private const string DiagnosticSetting = "Microsoft.Insights/diagnosticSettings";
    private const string BlobData = "Microsoft.Storage/storageAccounts/blobServices/containers/blobs/";
    private static readonly string BlobDataContributor = ArmEvaluation.SubscriptionResourceId(RoleDefinition, "ba92f5b4-2d11-453d-a403-e96b0029c9fe");

    [Fact]
    public async Task Containers_Deployed_AreTheBackupAndTheStateContainerTheAppDefaultsTo()
    {
        // Act
        var (module, deployment) = await DeployAsync();
        var names = Deployed(module, deployment, Container).Select(c => Text(deployment.Property(c, "name"))).Order(StringComparer.Ordinal);

        // Assert: the state container is named as the app names it when BackupStorage__StateContainerName is unset.
        Assert.Equal([$"{Account}/default/{Backup}", $"{Account}/default/{State}"], names);
        Assert.Equal(State, Text(deployment.Output("stateContainerName")));
    }

    [Fact]
    public async Task ImmutabilityPolicy_RetentionOff_IsNotDeployed()
    {
        // Act
        var (module, deployment) = await DeployAsync(immutabilityDays: 0);

        // Assert
        Assert.Empty(Deployed(module, deployment, ImmutabilityPolicy));
        Assert.Null(deployment.Property(BackupContainer(module, deployment), "properties")!["immutableStorageWithVersioning"]);
    }

    [Fact]
    public async Task ImmutabilityPolicy_RetentionOn_KeepsEveryBackupBlobForThePeriod()
    {
        // Act
        var (module, deployment) = await DeployAsync(immutabilityDays: 365);

        // Assert: the backup container's default policy, unlocked (locking is the operator's step), block blobs only.
        var policy = Assert.Single(Deployed(module, deployment, ImmutabilityPolicy));
        Assert.Equal($"{Account}/default/{Backup}/default", Text(deployment.Property(policy, "name")));
        AssertJson("""{"immutabilityPeriodSinceCreationInDays": 365, "allowProtectedAppendWrites": false}""", deployment.Property(policy, "properties"));
        AssertJson("""{"enabled": true}""", deployment.Property(BackupContainer(module, deployment), "properties")!["immutableStorageWithVersioning"]);
    }

    [Fact]
    public async Task Lifecycle_BackupRule_MatchesTheBackupContainerOnly()
    {
        // Act
        var (module, deployment) = await DeployAsync(coolAfterDays: 30, coldAfterDays: 90, archiveAfterDays: 180, deleteVersionsAfterDays: 60);

        // Assert: a rule without a prefix would tier the state container's pointer and tally too.
        var prefixes = Rule(module, deployment, "backup-to-colder-tiers")["definition"]!["filters"]?["prefixMatch"]?.AsArray().Select(Text).ToList();
        Assert.NotNull(prefixes);
        Assert.Equal([$"{Backup}/"], prefixes);
        Assert.False($"{State}/{RunLayout.LatestPointer}".StartsWith(prefixes[0], StringComparison.Ordinal), "The tiering rule matches the state container.");
    }

    [Fact]
    public async Task Lifecycle_StateRule_DeletesOnlyTheStateContainersPreviousVersions()
    {
        // Act
        var (module, deployment) = await DeployAsync(stateVersionsDays: 5);
        var rule = Rule(module, deployment, "state-previous-versions");

        // Assert: the pointer and tally rewritten every night leave previous versions (versioning is on); the current blobs stay.
        AssertJson($$"""{"blobTypes": ["blockBlob"], "prefixMatch": ["{{State}}/"]}""", rule["definition"]!["filters"]);
        AssertJson("""{"version": {"delete": {"daysAfterCreationGreaterThan": 5}}}""", rule["definition"]!["actions"]);
        Assert.False($"{Backup}/{RunLayout.Json("r1")}".StartsWith($"{State}/", StringComparison.Ordinal), "The state rule matches the backup container.");
    }

    [Theory]
    [InlineData(30, 90, 0, 0, """{"baseBlob": {"tierToCool": {"daysAfterCreationGreaterThan": 30}, "tierToCold": {"daysAfterCreationGreaterThan": 90}}}""")]
    [InlineData(30, 90, 180, 0, """{"baseBlob": {"tierToCool": {"daysAfterCreationGreaterThan": 30}, "tierToCold": {"daysAfterCreationGreaterThan": 90}, "tierToArchive": {"daysAfterCreationGreaterThan": 180}}}""")]
    [InlineData(0, 0, 365, 0, """{"baseBlob": {"tierToArchive": {"daysAfterCreationGreaterThan": 365}}}""")]
    [InlineData(0, 0, 0, 60, """{"version": {"delete": {"daysAfterCreationGreaterThan": 60}}}""")]
    public async Task Lifecycle_DaysSet_MoveBackupBlobsDownAndNeverDeleteThem(int cool, int cold, int archive, int deleteVersions, string expectedActions)
    {
        // Act
        var (module, deployment) = await DeployAsync(coolAfterDays: cool, coldAfterDays: cold, archiveAfterDays: archive, deleteVersionsAfterDays: deleteVersions);

        // Assert: only the steps asked for; the current blobs are tiered, only previous versions are ever deleted.
        AssertJson(expectedActions, Rule(module, deployment, "backup-to-colder-tiers")["definition"]!["actions"]);
    }

    [Fact]
    public async Task Lifecycle_EveryBackupStepOff_LeavesOnlyTheStateRule()
    {
        // Act
        var (module, deployment) = await DeployAsync(coolAfterDays: 0, coldAfterDays: 0, archiveAfterDays: 0, deleteVersionsAfterDays: 0);

        // Assert: Resource Manager refuses a rule without actions, so the backup rule is left out, not emptied.
        Assert.Equal(["state-previous-versions"], Rules(module, deployment).Select(r => Text(r["name"])));
    }

    [Fact]
    public async Task SoftDelete_BlobsAndContainers_AreOnForTheirDays()
    {
        // Act
        var (module, deployment) = await DeployAsync(blobSoftDeleteDays: 14, containerSoftDeleteDays: 21);
        var blobService = Assert.Single(Deployed(module, deployment, "Microsoft.Storage/storageAccounts/blobServices"));
        var properties = deployment.Property(blobService, "properties");

        // Assert
        AssertJson("""{"enabled": true, "days": 14}""", properties!["deleteRetentionPolicy"]);
        AssertJson("""{"enabled": true, "days": 21}""", properties["containerDeleteRetentionPolicy"]);
        AssertJson("true", properties["isVersioningEnabled"]);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(30)]
    [InlineData(365)]
    public async Task Roles_AnyRetention_BackupContainerGetsTheWriteOnceRoleAndStateContainerContributor(int immutabilityDays)
    {
        // Act
        var (module, deployment) = await DeployAsync(immutabilityDays: immutabilityDays);
        var role = Assert.Single(Deployed(module, deployment, RoleDefinition));

        // Assert: the write-once role at the backup container with or without retention; nothing on the account or another container.
        Assert.Equal(
            new Dictionary<string, string>
            {
                [ContainerId(Backup)] = ArmEvaluation.SubscriptionResourceId(RoleDefinition, Text(deployment.Property(role, "name"))),
                [ContainerId(State)] = BlobDataContributor,
            },
            Grants(module, deployment));
        Assert.Equal(ArmEvaluation.SubscriptionResourceId(RoleDefinition, Text(deployment.Property(role, "name"))), Text(deployment.Output("writeOnceRoleId")));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(30)]
    public async Task WriteOnceRole_Permissions_ReadAndCreateBlobsButNeverDeleteNorWriteContainers(int immutabilityDays)
    {
        // Act
        var (module, deployment) = await DeployAsync(immutabilityDays: immutabilityDays);
        var properties = deployment.Property(Assert.Single(Deployed(module, deployment, RoleDefinition)), "properties")!;
        var permission = Assert.Single(properties["permissions"]!.AsArray())!;
        var dataActions = permission["dataActions"]!.AsArray().Select(Text).ToList();
        var actions = permission["actions"]!.AsArray().Select(Text).ToList();

        // Assert: the container must already exist (the Bicep creates it); the app only reads it.
        Assert.Equal([BlobData + "read", BlobData + "write", BlobData + "add/action"], dataActions);
        Assert.Equal([Container + "/read"], actions);
        Problems.AssertNone(actions.Concat(dataActions)
            .Where(a => a.Contains('*', StringComparison.Ordinal) || a.Contains("delete", StringComparison.OrdinalIgnoreCase)
                || a.Contains("runAsSuperUser", StringComparison.Ordinal) || a.Contains("immutab", StringComparison.OrdinalIgnoreCase)
                || a.Contains("LegalHold", StringComparison.OrdinalIgnoreCase) || a == Container + "/write")
            .Select(a => $"the write-once role grants {a}"));
        Assert.Equal([ArmEvaluation.ResourceGroupId], properties["assignableScopes"]!.AsArray().Select(Text));
        Assert.Contains(Account, Text(properties["roleName"]), StringComparison.Ordinal);
    }

    [Fact]
    public async Task BlobAudit_Deployed_SendsWritesAndDeletesToTheWorkspace()
    {
        // Act
        var (module, deployment) = await DeployAsync();
        var setting = Assert.Single(Deployed(module, deployment, DiagnosticSetting));

        // Assert: on the blob service (where StorageWrite and StorageDelete are), into the workspace main passes.
        Assert.Equal(ArmEvaluation.ResourceId("Microsoft.Storage/storageAccounts/blobServices", Account, "default"), Text(deployment.Property(setting, "scope")));
        AssertJson(
            """{"workspaceId": "workspace", "logs": [{"category": "StorageWrite", "enabled": true}, {"category": "StorageDelete", "enabled": true}]}""",
            deployment.Property(setting, "properties"));
    }

    [Theory]
    [InlineData(false, "Enabled")]
    [InlineData(true, "Disabled")]
    public async Task Account_PrivateNetwork_DecidesPublicNetworkAccess(bool privateNetwork, string expected)
    {
        // Act
        var (module, deployment) = await DeployAsync(privateNetwork: privateNetwork);
        var account = Assert.Single(Deployed(module, deployment, "Microsoft.Storage/storageAccounts"));

        // Assert
        Assert.Equal(expected, Text(deployment.Property(account, "properties")!["publicNetworkAccess"]));
    }

    [Fact]
    public async Task Main_TierAndSoftDeleteParameters_ReachTheModuleWithTheirDefaults()
    {
        // Arrange: immutabilityDays reaches it through the production switch (BicepProductionTests).
        var main = await BicepCompiler.CompileMainAsync();
        (string Main, string Module, string Default)[] expected =
        [
            ("backupCoolAfterDays", "coolAfterDays", "30"),
            ("backupColdAfterDays", "coldAfterDays", "90"),
            ("backupArchiveAfterDays", "archiveAfterDays", "0"),
            ("deleteVersionsAfterDays", "deleteVersionsAfterDays", "0"),
            ("blobSoftDeleteDays", "blobSoftDeleteDays", "30"),
            ("containerSoftDeleteDays", "containerSoftDeleteDays", "30"),
            ("stateVersionsDays", "stateVersionsDays", "7"),
        ];

        // Act
        var arguments = main.ModuleArguments("backup-storage");

        // Assert
        Problems.AssertNone(expected.SelectMany(e => new[]
        {
            arguments.GetValueOrDefault(e.Module) == $"[parameters('{e.Main}')]" ? null : $"backup-storage's {e.Module} is {arguments.GetValueOrDefault(e.Module)}, not main's {e.Main}",
            main.Parameters[e.Main].TryGetProperty("defaultValue", out var value) && value.GetRawText() == e.Default ? null : $"main's {e.Main} does not default to {e.Default}",
        }).OfType<string>());
    }

    private static async Task<(ArmTemplate Module, ArmEvaluation Deployment)> DeployAsync(
        int immutabilityDays = 0, int coolAfterDays = 30, int coldAfterDays = 90, int archiveAfterDays = 0, int deleteVersionsAfterDays = 0,
        int blobSoftDeleteDays = 30, int containerSoftDeleteDays = 30, int stateVersionsDays = 7, bool privateNetwork = false)
    {
        var module = (await BicepCompiler.CompileMainAsync()).Module("backup-storage");
        return (module, module.Deploy(new Dictionary<string, object?>
        {
            ["name"] = Account,
            ["containerName"] = Backup,
            ["immutabilityDays"] = immutabilityDays,
            ["coolAfterDays"] = coolAfterDays,
            ["coldAfterDays"] = coldAfterDays,
            ["archiveAfterDays"] = archiveAfterDays,
            ["deleteVersionsAfterDays"] = deleteVersionsAfterDays,
            ["blobSoftDeleteDays"] = blobSoftDeleteDays,
            ["containerSoftDeleteDays"] = containerSoftDeleteDays,
            ["stateVersionsDays"] = stateVersionsDays,
            ["appPrincipalId"] = "app-principal",
            ["lockAccount"] = false,
            ["workspaceId"] = "workspace",
            ["privateNetwork"] = privateNetwork,
        }));
    }

    private static List<ArmResource> Deployed(ArmTemplate module, ArmEvaluation deployment, string type) =>
        [.. module.Resources.Where(r => r.Type == type && deployment.Deploys(r))];

    private static List<JsonObject> Rules(ArmTemplate module, ArmEvaluation deployment) =>
        [.. deployment.Property(Assert.Single(Deployed(module, deployment, ManagementPolicy)), "properties")!["policy"]!["rules"]!.AsArray().Select(r => Assert.IsType<JsonObject>(r))];

    private static JsonObject Rule(ArmTemplate module, ArmEvaluation deployment, string name) =>
        Assert.Single(Rules(module, deployment), r => Text(r["name"]) == name);

    private static ArmResource BackupContainer(ArmTemplate module, ArmEvaluation deployment) =>
        Assert.Single(Deployed(module, deployment, Container), c => Text(deployment.Property(c, "name")) == $"{Account}/default/{Backup}");

    // Every deployed role assignment of the app's identity, as scope → role definition id; fails on two at one scope.
    private static Dictionary<string, string> Grants(ArmTemplate module, ArmEvaluation deployment) =>
        Deployed(module, deployment, RoleAssignment).ToDictionary(
            a => Text(deployment.Property(a, "scope")),
            a => Assert.IsType<JsonObject>(deployment.Property(a, "properties")) switch
            {
                var p when Text(p["principalId"]) == "app-principal" => Text(p["roleDefinitionId"]),
                var p => throw new InvalidOperationException($"A role assignment for {p["principalId"]} is not the app's."),
            },
            StringComparer.Ordinal);

    private static string ContainerId(string container) => ArmEvaluation.ResourceId(Container, Account, "default", container);

    private static string Text(JsonNode? node) => node?.GetValue<string>() ?? throw new InvalidOperationException("Expected a string, found nothing.");

    private static void AssertJson(string expected, JsonNode? actual) =>
        Assert.True(ArmEvaluation.Same(JsonNode.Parse(expected), actual), $"Expected {expected}, found {actual?.ToJsonString() ?? "nothing"}.");
}
