using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.DocsPermissions;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>The orchestration keeps folder permissions and custom attributes through the ExportModule activity, after each
/// project's listings: night by night equal to the emulator's truth, the second night reading only the folders whose rollup
/// moved and the one new version.</summary>
public sealed class PermissionAttributeOrchestrationTests
{
    [Fact]
    public async Task BackupRun_TwoNightsWithAFolderChanged_SecondReadsOnlyThatFolderChainAndEachNightEqualsItsTruth()
    {
        await using var host = await DurableBackupHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var night1 = await host.RunAsync("perms-night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, night1.RuntimeStatus);
        Assert.Equal(("Succeeded", 0), (night1.ReadOutputAs<BackupRunOutcome>()!.Status, night1.ReadOutputAs<BackupRunOutcome>()!.ModuleGaps));
        using var permissions1 = host.Emulator.FolderPermissionTruth.Get();
        using var attributes1 = host.Emulator.AttributeTruth.Get();
        var manifest1 = await host.Manifests.ReadAsync("perms-night-1", CancellationToken.None);
        var projects = permissions1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        foreach (var (permissions, attributes) in projects.Zip(attributes1.RootElement.GetProperty("projects").EnumerateArray()))
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(permissions, host.Container, "perms-night-1");
            await PermissionAttributeTruth.AssertAttributesAsync(attributes, manifest1, host.Container, "perms-night-1");
        }

        var folder = projects[0].GetProperty("folders").EnumerateArray().First(f => !f.GetProperty("hidden").GetBoolean()
            && f.GetProperty("path").GetString()!.Contains('/', StringComparison.Ordinal));
        var folderId = folder.GetProperty("folderId").GetString()!;
        host.Emulator.FolderPermissionMutations.Set(folderId, new FolderSubject("NEWREVIEWER2", "NEWREVIEWER2", "Omar Reviewer", "omar@example.com", "PROJECT_MEMBER", "USER", "PENDING"),
            FolderPermissionLevels.ViewDownload);
        host.Emulator.Mutations.AddFile(folderId, "RFI sketch.pdf", 25_000);
        host.Emulator.ResetStats();

        var night2 = await host.RunAsync("perms-night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, night2.RuntimeStatus);
        var depth = folder.GetProperty("path").GetString()!.Split('/').Length;
        var stats = host.Emulator.GetStats();
        Assert.Equal((depth, depth, 1), (stats.Count(EndpointCategory.FolderPermissions), stats.Count(EndpointCategory.AttributeDefinitions), stats.Count(EndpointCategory.AttributeValues)));
        var manifest2 = await host.Manifests.ReadAsync("perms-night-2", CancellationToken.None);
        using var permissions2 = host.Emulator.FolderPermissionTruth.Get();
        using var attributes2 = host.Emulator.AttributeTruth.Get();
        foreach (var (permissions, attributes) in permissions2.RootElement.GetProperty("projects").EnumerateArray().Zip(attributes2.RootElement.GetProperty("projects").EnumerateArray()))
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(permissions, host.Container, "perms-night-2");
            await PermissionAttributeTruth.AssertAttributesAsync(attributes, manifest2, host.Container, "perms-night-2");
        }

        foreach (var (permissions, attributes) in projects.Zip(attributes1.RootElement.GetProperty("projects").EnumerateArray()))
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(permissions, host.Container, "perms-night-1");
            await PermissionAttributeTruth.AssertAttributesAsync(attributes, manifest1, host.Container, "perms-night-1");
        }
    }
}
