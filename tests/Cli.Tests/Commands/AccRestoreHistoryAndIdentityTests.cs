using System.Security.Cryptography;
using AccEmulator.Auth;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>restore --to-acc</c> with <c>--all-versions</c> (history rebuilt oldest first) and acting as the Secure Service
/// Account (<c>Restore:UseServiceAccount</c>), through the CLI against the emulator.</summary>
public sealed class AccRestoreHistoryAndIdentityTests
{
    private const string Target = "Demo Empty/Project Files/Restored";

    [Fact]
    public async Task RestoreToAcc_AllVersions_ReplaysEveryStoredVersionOldestFirstEndingWithTheNights()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync();
        var file = scenario.Night.Single(f => f.ProjectName == AccRestoreScenario.Project && f.Path == "Project Files/Architecture/A-101 Floor Plan.pdf");
        scenario.Emulator.Mutations.ChangeFile(file.ItemId, 3_000);
        scenario.Emulator.Mutations.ChangeFile(file.ItemId, 4_000);
        scenario.Environment["Backup__Versions"] = "All";
        var night2 = await CliHarness.InvokeAsync(scenario.Environment, "run", "--run-id", "night-2", "--json");
        Assert.True(night2.ExitCode == 0, night2.ToString());
        var tip = (await scenario.LiveAsync()).Single(f => f.ItemId == file.ItemId);
        var path = AccRestoreScenario.Project + "/" + file.Path;

        var (exit, json, text) = await scenario.RestoreAsync("--run", "night-2", "--path", path, "--to-acc", Target, "--all-versions", "--restore-id", "history", "--apply");

        Assert.True(exit == 0, text);
        var restored = json!.RootElement.GetProperty("files").EnumerateArray().Single();
        var uploads = restored.GetProperty("plan").GetProperty("uploads").EnumerateArray().ToList();
        var numbers = uploads.Select(u => u.GetProperty("versionNumber").GetInt32()).ToList();
        Assert.Equal(new[] { file.VersionNumber, file.VersionNumber + 1, tip.VersionNumber }, numbers);
        Assert.Equal(3, uploads.Select(u => u.GetProperty("sha256").GetString()).Distinct().Count());
        Assert.Equal(tip.Sha256, uploads[^1].GetProperty("sha256").GetString());
        Assert.Equal(file.Sha256, uploads[0].GetProperty("sha256").GetString());
        var item = restored.GetProperty("itemId").GetString()!;
        Assert.Equal(3, restored.GetProperty("createdVersions").GetArrayLength());
        var stats = scenario.Emulator.GetWriteStats();
        Assert.Equal((1, 3, 3), (stats.ItemsCreated, stats.VersionsCreatedByItem[item], stats.CompletedUploads));
        var now = (await scenario.LiveAsync()).Single(f => f.ItemId == item);
        Assert.Equal(("Project Files/Restored/A-101 Floor Plan.pdf", 3, tip.Sha256), (now.Path, now.VersionNumber, now.Sha256));
    }

    [Fact]
    public async Task RestoreToAcc_AsTheServiceAccount_NeedsItsRightsAndWritesWithThem()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync();
        using var key = RSA.Create(2048);
        scenario.Emulator.RegisterServiceAccount(new EmulatedServiceAccount("SSA-RESTORE", "restore-key", key.ExportSubjectPublicKeyInfoPem()));
        scenario.Environment["Restore__UseServiceAccount"] = "true";
        scenario.Environment["Issues__ServiceAccountId"] = "SSA-RESTORE";
        scenario.Environment["Issues__KeyId"] = "restore-key";
        scenario.Environment["Issues__PrivateKey"] = key.ExportRSAPrivateKeyPem();
        var structure = scenario.FolderId(AccRestoreScenario.Project, "Project Files/Structure");
        scenario.Emulator.Permissions.Set(structure, "SSA-RESTORE", ["view", "download", "create"]);
        const string zone = AccRestoreScenario.Project + "/Project Files/Architecture/Big Folder/Zone 01";
        const string target = AccRestoreScenario.Project + "/Project Files/Structure/Restored";

        // The app itself may do everything: a refusal shows the writes act as the service account.
        var (deniedExit, _, deniedText) = await scenario.RestoreAsync("--run", "night-1", "--path", zone, "--to-acc", target, "--restore-id", "ssa-denied", "--apply");

        Assert.Equal(1, deniedExit);
        Assert.Contains("'upload'", deniedText, StringComparison.Ordinal);
        Assert.Contains("'Project Files/Structure'", deniedText, StringComparison.Ordinal);
        Assert.Equal((0, 0, 0), (scenario.Emulator.GetWriteStats().ItemsCreated, scenario.Emulator.GetWriteStats().FoldersCreated, scenario.Emulator.GetWriteStats().VersionsCreated));

        scenario.Emulator.Permissions.Set(structure, "SSA-RESTORE", ["view", "download", "create", "upload"]);
        var (exit, json, text) = await scenario.RestoreAsync("--run", "night-1", "--path", zone, "--to-acc", target, "--restore-id", "ssa", "--apply");

        Assert.True(exit == 0, text);
        var selected = scenario.Night.Where(f => f.ProjectName == AccRestoreScenario.Project && f.Path.StartsWith("Project Files/Architecture/Big Folder/Zone 01/", StringComparison.Ordinal)).ToList();
        Assert.Equal(selected.Count, json!.RootElement.GetProperty("done").GetProperty("UploadNewFile").GetInt32());
        var now = await scenario.LiveAsync();
        foreach (var file in selected)
        {
            Assert.Contains(now, f => f.ProjectName == AccRestoreScenario.Project && f.Path == "Project Files/Structure/Restored/" + file.DisplayName && f.Sha256 == file.Sha256);
            Assert.Contains(now, f => f.ItemId == file.ItemId && f.Path == file.Path);
        }
    }
}
