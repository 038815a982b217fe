using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Modules.Attributes;
using AccBackup.Modules.Permissions;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.DocsPermissions;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using AccBackup.Testing;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup run</c> keeping folder permissions and custom attributes on the emulator: each night's snapshots equal to
/// its truth, the second night reading only the folders that changed and the versions that are new, a quiet third night none (calls
/// counted), the snapshots complete on their own, <c>restore --modules permissions,attributes</c>, and a faulted module failing alone.</summary>
public sealed class PermissionAttributeBackupTests
{
    [Fact]
    public async Task Run_TwoNightsWithPermissionAndAttributeChanges_EachNightEqualsItsTruthOnlyChangesReadAndRestoreWritesNightOne()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Backup__Modules"] = "files,permissions,attributes";
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(night1.ExitCode == 0, night1.ToString());
        using var permissions1 = emulator.FolderPermissionTruth.Get();
        using var attributes1 = emulator.AttributeTruth.Get();
        var manifest1 = await ManifestAsync(environment, "night-1");
        Assert.Empty(manifest1.Summary.Modules!.Coverage);
        var projects = permissions1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var counts1 = manifest1.Summary.Modules.Modules.Single(m => m.Module == "permissions").Counts;
        Assert.Equal(counts1[PermissionExporter.Counts.Folders], counts1[PermissionExporter.Counts.FoldersRead]);
        Assert.True(counts1[PermissionExporter.Counts.Subjects] > 0);
        Assert.True(manifest1.Summary.Modules.Modules.Single(m => m.Module == "attributes").Counts[AttributeExporter.Counts.Values] > 0);
        foreach (var (permissions, attributes) in projects.Zip(attributes1.RootElement.GetProperty("projects").EnumerateArray()))
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(permissions, container, "night-1");
            await PermissionAttributeTruth.AssertAttributesAsync(attributes, manifest1, container, "night-1");
        }

        // In the first project: a folder below its first top folder gets a new subject and a new file with an attribute value.
        var tower = attributes1.RootElement.GetProperty("projects")[0];
        var folder = tower.GetProperty("folders").EnumerateArray()
            .First(f => !f.GetProperty("hidden").GetBoolean() && f.GetProperty("definitions").GetArrayLength() > 0
                && projects[0].GetProperty("folders").EnumerateArray().Single(p => p.GetProperty("folderId").GetString() == f.GetProperty("folderId").GetString())
                    .GetProperty("path").GetString()!.Contains('/', StringComparison.Ordinal));
        var folderId = folder.GetProperty("folderId").GetString()!;
        var depth = projects[0].GetProperty("folders").EnumerateArray().Single(p => p.GetProperty("folderId").GetString() == folderId)
            .GetProperty("path").GetString()!.Split('/').Length;
        emulator.FolderPermissionMutations.Set(folderId, new FolderSubject("NEWREVIEWER1", "NEWREVIEWER1", "Nora Reviewer", "nora@example.com", "PROJECT_MEMBER", "USER", "ACTIVE"),
            FolderPermissionLevels.ViewOnly);
        var added = emulator.Mutations.AddFile(folderId, "Level 3 - revised.pdf", 40_000);
        emulator.AttributeMutations.SetValue(added.VersionId!, folder.GetProperty("definitions")[0].GetProperty("id").GetInt32(), "Structural");
        emulator.ResetStats();

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        var stats = emulator.GetStats();
        // The changed folder and each folder above it (their rollup moved); nothing in the projects that did not change.
        Assert.Equal((depth, depth, 1), (stats.Count(EndpointCategory.FolderPermissions), stats.Count(EndpointCategory.AttributeDefinitions), stats.Count(EndpointCategory.AttributeValues)));
        var manifest2 = await ManifestAsync(environment, "night-2");
        Assert.Equal(1L, manifest2.Summary.Modules!.Modules.Single(m => m.Module == "attributes").Counts[AttributeExporter.Counts.VersionsRead]);
        using var permissions2 = emulator.FolderPermissionTruth.Get();
        using var attributes2 = emulator.AttributeTruth.Get();
        foreach (var (permissions, attributes) in permissions2.RootElement.GetProperty("projects").EnumerateArray().Zip(attributes2.RootElement.GetProperty("projects").EnumerateArray()))
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(permissions, container, "night-2");
            await PermissionAttributeTruth.AssertAttributesAsync(attributes, manifest2, container, "night-2");
        }

        foreach (var (permissions, attributes) in projects.Zip(attributes1.RootElement.GetProperty("projects").EnumerateArray()))
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(permissions, container, "night-1");
            await PermissionAttributeTruth.AssertAttributesAsync(attributes, manifest1, container, "night-1");
        }

        // A night with no change reads no folder and no version: every record carried.
        emulator.ResetStats();
        var night3 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-3");
        Assert.True(night3.ExitCode == 0, night3.ToString());
        var quiet = emulator.GetStats();
        Assert.Equal((0, 0, 0), (quiet.Count(EndpointCategory.FolderPermissions), quiet.Count(EndpointCategory.AttributeDefinitions), quiet.Count(EndpointCategory.AttributeValues)));
        var projects3 = permissions2.RootElement.GetProperty("projects").EnumerateArray().ToList();
        foreach (var project in projects3)
        {
            await PermissionAttributeTruth.AssertPermissionsAsync(project, container, "night-3");
        }

        var target = Directory.CreateTempSubdirectory("acc-backup-permissions-").FullName;
        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "night-1", "--modules", "permissions,attributes", "--to", target);

        Assert.True(restored.ExitCode == 0, restored.ToString());
        foreach (var project in projects)
        {
            var projectId = project.GetProperty("projectId").GetString()!;
            foreach (var (file, blob) in new[]
            {
                ("permissions.json", PermissionLayout.Snapshot("night-1", projectId)), ("permissions.csv", PermissionLayout.Csv("night-1", projectId)),
                ("custom-attributes.json", AttributeLayout.Snapshot("night-1", projectId)), ("custom-attributes.csv", AttributeLayout.Csv("night-1", projectId)),
            })
            {
                var written = Directory.GetFiles(target, file, SearchOption.AllDirectories)
                    .Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).ToList();
                Assert.Contains(await Sha256Async(container, blob), written);
            }
        }

        Assert.Equal(projects.Count, Directory.GetFiles(target, "permissions.csv", SearchOption.AllDirectories).Length);
        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task Run_AttributeValuesFaultedOneNight_AttributesFailAloneAndTheNextNightFillsThem()
    {
        var faults = FaultOptions.None.With(EndpointCategory.AttributeValues, new EndpointFaults { ServerErrorRate = 1 });
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled, Faults = faults });
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Backup__Modules"] = "files,permissions,attributes";
        environment["Aps__Retry__MaxDuration"] = "00:00:02";
        environment["Aps__Retry__MaxDelay"] = "00:00:00.200";
        environment["Aps__Retry__BaseDelay"] = "00:00:00.050";
        environment["Aps__Retry__WarnAfter"] = "00:00:01";
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(night1.ExitCode == ExitCodes.Incomplete, night1.ToString());
        var summary1 = (await ManifestAsync(environment, "night-1")).Summary;
        Assert.Equal((0L, 0), (summary1.Failed, summary1.FailedProjects.Count));
        Assert.True(summary1.Copied > 0);
        // Every project with a file version fails its attributes (a project without files asks no values, so it is read).
        var withFiles = (await ManifestAsync(environment, "night-1")).Files.Where(e => e.VersionId is not null).Select(e => e.ProjectId).Distinct().Order(StringComparer.Ordinal);
        Assert.Equal(withFiles, summary1.Modules!.Coverage.Select(g => g.ProjectId).Order(StringComparer.Ordinal));
        Assert.All(summary1.Modules.Coverage, g => Assert.Equal(("attributes", ModuleGapReason.Failed), (g.Module, g.Reason)));
        Assert.Equal(summary1.Projects, summary1.Modules.Modules.Single(m => m.Module == "permissions").Projects);

        emulator.Faults = FaultOptions.None;
        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        var manifest2 = await ManifestAsync(environment, "night-2");
        using var truth = emulator.AttributeTruth.Get();
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray())
        {
            await PermissionAttributeTruth.AssertAttributesAsync(project, manifest2, container, "night-2");
        }
    }

    private static async Task<string> Sha256Async(BlobContainer container, string blobName)
    {
        await using var bytes = await container.OpenReadAsync(blobName, null, null, CancellationToken.None);
        return Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes));
    }

    private static async Task<RunManifest> ManifestAsync(Dictionary<string, string?> environment, string runId)
    {
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            return await reader.ReadAsync(runId, CancellationToken.None);
        }
    }
}
