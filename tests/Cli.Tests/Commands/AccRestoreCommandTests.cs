using System.Text.Json;
using AccBackup.Cli.Hosting;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>restore --to-acc</c> through the CLI against the emulator after a backup night: the acceptance of restoring into ACC.</summary>
public sealed class AccRestoreCommandTests
{
    /// <summary>The demo account's files reserved (locked) by a user: they take no version from anyone.</summary>
    private static readonly string[] ReservedFiles = ["Specifications.docx", "Tower-STR.rvt", "Budget.xlsx"];

    [Fact]
    public async Task RestoreToAcc_AfterMassDeletion_BringsBackOwnItemsWithoutBytesAndLeavesNewFiles()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync();
        var tower = scenario.Night.Where(f => f.ProjectName == AccRestoreScenario.Project).ToList();
        var projectId = tower[0].ProjectId;
        const string subtree = "Project Files/Architecture/Big Folder";
        await scenario.HideFolderAsync(projectId, scenario.FolderId(AccRestoreScenario.Project, subtree));
        var deleted = tower.Where(f => !f.Path.StartsWith(subtree + "/", StringComparison.Ordinal) && !ReservedFiles.Contains(f.DisplayName)).Take(10).ToList();
        deleted.ForEach(f => scenario.Emulator.Mutations.DeleteFile(f.ItemId));
        var added = scenario.Emulator.Mutations.AddFile(scenario.FolderId(AccRestoreScenario.Project, "Project Files/Architecture"), "after the night.txt", 100);
        var before = await scenario.LiveAsync();
        Assert.True(before.Count < scenario.Night.Count - 10);

        // The plan changes nothing in ACC, and says what --apply then does.
        var (planExit, plan, planText) = await scenario.RestoreAsync("--run", "night-1", "--to-acc", "--restore-id", "mass-plan");
        Assert.True(planExit == 0, planText);
        Assert.Equal(0, scenario.Emulator.GetWriteStats().VersionsCreated);
        Assert.Equal(Paths(before), Paths(await scenario.LiveAsync()));
        var planned = Counts(plan!.RootElement.GetProperty("plan").GetProperty("counts"));
        Assert.Equal(10, planned["Undelete"] - tower.Count(f => f.Path.StartsWith(subtree + "/", StringComparison.Ordinal)));
        var others = plan.RootElement.GetProperty("plan").GetProperty("files").EnumerateArray()
            .Where(f => f.GetProperty("action").GetString() is not ("Nothing" or "Undelete"))
            .Select(f => f.GetProperty("sourcePath").GetString() + ": " + f.GetProperty("action").GetString() + " (" + f.GetProperty("reason").GetString() + ")");
        Assert.Empty(others);

        var (exit, applied, text) = await scenario.RestoreAsync("--run", "night-1", "--to-acc", "--restore-id", "mass", "--apply");

        Assert.True(exit == 0, text);
        Assert.Equal(planned, Counts(applied!.RootElement.GetProperty("done")));
        var now = await scenario.LiveAsync();
        foreach (var file in scenario.Night)
        {
            Assert.Contains(now, f => f.ItemId == file.ItemId && f.Path == file.Path && f.Sha256 == file.Sha256 && f.ProjectId == file.ProjectId);
        }

        Assert.Contains(now, f => f.ItemId == added.Id);
        var stats = scenario.Emulator.GetWriteStats();
        Assert.Equal((0L, 0, 0), (stats.UploadedBytes, stats.ItemsCreated, stats.FoldersCreated));
        Assert.Equal(10, stats.VersionsCreated);
        Assert.All(stats.VersionsCreatedByItem.Values, v => Assert.Equal(1, v));

        // Again with the same id: the record is read back; with a new id: the plan finds everything in place. Neither writes.
        var (againExit, again, againText) = await scenario.RestoreAsync("--run", "night-1", "--to-acc", "--restore-id", "mass", "--apply");
        Assert.True(againExit == 0, againText);
        Assert.True(again!.RootElement.GetProperty("alreadyFinished").GetBoolean());
        var (freshExit, fresh, freshText) = await scenario.RestoreAsync("--run", "night-1", "--to-acc", "--restore-id", "mass-again", "--apply");
        Assert.True(freshExit == 0, freshText);
        var freshCounts = Counts(fresh!.RootElement.GetProperty("done"));
        Assert.Equal(freshCounts.Values.Sum(), freshCounts["Nothing"]);
        Assert.True(freshCounts["Nothing"] >= scenario.Night.Count);
        Assert.Equal(10, scenario.Emulator.GetWriteStats().VersionsCreated);
    }

    [Fact]
    public async Task RestoreToAcc_AfterRansomware_PromotesTheNightsVersionsWithoutBytes()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync();
        var tower = scenario.Night.Where(f => f.ProjectName == AccRestoreScenario.Project).ToList();
        scenario.Emulator.Mutations.Ransomware(tower[0].ProjectId);
        Assert.All((await scenario.LiveAsync()).Where(f => f.ProjectName == AccRestoreScenario.Project && f.StorageSize > 0), f => Assert.DoesNotContain(tower, n => n.ItemId == f.ItemId && n.Sha256 == f.Sha256));

        var (exit, json, text) = await scenario.RestoreAsync("--run", "night-1", "--to-acc", "--project", AccRestoreScenario.Project, "--restore-id", "ransom", "--apply");

        // A file reserved (locked) by a user takes no version from anyone: it is the one kind of file left as ransomware made it, and said so.
        var locked = tower.Where(f => ReservedFiles.Contains(f.DisplayName)).Select(f => f.Path).ToHashSet();
        Assert.Equal(locked.Count == 0 ? 0 : 2, exit);
        var failures = json!.RootElement.GetProperty("failures").EnumerateArray().Select(f => f.GetProperty("plan").GetProperty("sourcePath").GetString()![(AccRestoreScenario.Project.Length + 1)..]).ToHashSet();
        Assert.Equal(locked, failures);
        var now = await scenario.LiveAsync();
        foreach (var file in tower.Where(f => !locked.Contains(f.Path)))
        {
            Assert.Contains(now, f => f.ItemId == file.ItemId && f.Sha256 == file.Sha256);
        }

        var stats = scenario.Emulator.GetWriteStats();
        Assert.Equal((0L, 0), (stats.UploadedBytes, stats.ItemsCreated));
        Assert.Equal(json.RootElement.GetProperty("versionsCreated").GetInt32(), stats.VersionsCreated);
        Assert.InRange(stats.VersionsCreated, tower.Count - locked.Count, tower.Count - locked.Count + 1); // + the demo's hidden file, ransomed too
        Assert.True(json.RootElement.GetProperty("done").GetProperty("Promote").GetInt32() >= tower.Count - locked.Count - 2, text);
    }

    [Fact]
    public async Task RestoreToAcc_Elsewhere_UploadsUnderTheTargetKeepingRelativePathsLargeFilesInParts()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync(async emulator =>
        {
            var architecture = (await emulator.Truth.GetFilesAsync()).First(f => f.Path.StartsWith("Project Files/Architecture/", StringComparison.Ordinal) && f.FolderSegments.Count == 2).FolderId;
            emulator.Mutations.AddFile(architecture, "big model.nwd", 12 << 20);
        });
        const string source = "Project Files/Architecture";
        var selected = scenario.Night.Where(f => f.ProjectName == AccRestoreScenario.Project && f.Path.StartsWith(source + "/", StringComparison.Ordinal)).ToList();
        string[] args = ["--run", "night-1", "--path", AccRestoreScenario.Project + "/" + source, "--to-acc", "Demo Empty/Project Files/Restored"];

        // Without --apply: nothing in ACC changes, and the plan's counts are what --apply then does.
        var before = await scenario.LiveAsync();
        var (planExit, plan, planText) = await scenario.RestoreAsync([.. args, "--restore-id", "elsewhere-plan"]);
        Assert.True(planExit == 0, planText);
        var planned = Counts(plan!.RootElement.GetProperty("plan").GetProperty("counts"));
        Assert.Equal(selected.Count, planned["UploadNewFile"]);
        var untouched = scenario.Emulator.GetWriteStats();
        Assert.Equal((0, 0, 0, 0L), (untouched.ItemsCreated, untouched.FoldersCreated, untouched.VersionsCreated, untouched.UploadedBytes));
        Assert.Equal(Paths(before), Paths(await scenario.LiveAsync()));

        var (exit, json, text) = await scenario.RestoreAsync([.. args, "--restore-id", "elsewhere", "--apply"]);

        Assert.True(exit == 0, text);
        Assert.Equal(planned, Counts(json!.RootElement.GetProperty("done")));
        var now = (await scenario.LiveAsync()).Where(f => f.ProjectName == "Demo Empty").ToList();
        foreach (var file in selected)
        {
            var relative = file.Path[(source.Length + 1)..];
            Assert.Contains(now, f => f.Path == "Project Files/Restored/" + relative && f.Sha256 == file.Sha256);
        }

        var stats = scenario.Emulator.GetWriteStats();
        Assert.Equal(selected.Count, stats.ItemsCreated);
        Assert.Equal(selected.Count, stats.CompletedUploads);
        Assert.Equal(selected.Sum(f => f.ServedLength!.Value), stats.UploadedBytes);
        var big = json.RootElement.GetProperty("files").EnumerateArray().Single(f => f.GetProperty("plan").GetProperty("name").GetString() == "big model.nwd");
        Assert.Equal(2, big.GetProperty("parts").GetInt32());
    }

    [Fact]
    public async Task RestoreToAcc_KilledAndResumedWithTheSameId_CreatesEachVersionOnce()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync();
        const string source = "Project Files/Architecture/Big Folder";
        var selected = scenario.Night.Where(f => f.ProjectName == AccRestoreScenario.Project && f.Path.StartsWith(source + "/", StringComparison.Ordinal)).ToList();
        string[] args = ["restore", "--run", "night-1", "--path", AccRestoreScenario.Project + "/" + source, "--to-acc", "Demo Empty/Project Files/Restored", "--restore-id", "killed", "--apply", "--json"];

        // Killed once some files are in: the in-process CLI is cancelled mid-way, requests in flight included.
        using var kill = new CancellationTokenSource();
        var watcher = Task.Run(async () =>
        {
            while (scenario.Emulator.GetWriteStats().ItemsCreated < selected.Count / 3 && !kill.IsCancellationRequested)
            {
                await Task.Delay(20);
            }

            await kill.CancelAsync();
        });
        using (var output = new StringWriter())
        using (var error = new StringWriter())
        {
            var context = new CliContext(output, error, interactive: false, scenario.Environment, AppContext.BaseDirectory, TimeProvider.System);
            var killed = await CliApplication.InvokeAsync(args, context, kill.Token);
            Assert.NotEqual(0, killed);
        }

        await watcher;
        var first = scenario.Emulator.GetWriteStats().ItemsCreated;
        Assert.InRange(first, 1, selected.Count - 1);

        var (exit, json, text) = await scenario.RestoreAsync(args[1..^1]);

        Assert.True(exit == 0, text);
        var stats = scenario.Emulator.GetWriteStats();
        Assert.Equal(selected.Count, stats.ItemsCreated);
        Assert.All(stats.VersionsCreatedByItem.Values, v => Assert.Equal(1, v));
        Assert.Equal(selected.Count - first, Counts(json!.RootElement.GetProperty("done"))["UploadNewFile"]);
        var now = (await scenario.LiveAsync()).Where(f => f.ProjectName == "Demo Empty").ToList();
        Assert.Equal(selected.Count, now.Count);
    }

    [Fact]
    public async Task RestoreToAcc_UserWithoutUploadRight_FailsNamingTheFolderAndWritesNothing()
    {
        await using var scenario = await AccRestoreScenario.BackedUpAsync();
        const string target = "Demo Empty/Project Files/Restored";
        var first = scenario.Night.First(f => f.ProjectName == AccRestoreScenario.Project && f.Path.StartsWith("Project Files/Structure/", StringComparison.Ordinal));
        var (madeExit, _, madeText) = await scenario.RestoreAsync("--run", "night-1", "--path", AccRestoreScenario.Project + "/" + first.Path, "--to-acc", target, "--restore-id", "made", "--apply");
        Assert.True(madeExit == 0, madeText);
        var restored = (await scenario.LiveAsync()).Single(f => f.ProjectName == "Demo Empty").FolderId;
        scenario.Emulator.Permissions.Set(restored, "restorer", ["view", "download", "create"]);
        scenario.Environment["Restore__UserId"] = "restorer";
        var before = scenario.Emulator.GetWriteStats();

        var (exit, _, text) = await scenario.RestoreAsync(
            "--run", "night-1", "--path", AccRestoreScenario.Project + "/Project Files/Structure", "--to-acc", target, "--restore-id", "denied", "--apply");

        Assert.Equal(1, exit);
        Assert.Contains("'upload'", text, StringComparison.Ordinal);
        Assert.Contains("'Project Files/Restored'", text, StringComparison.Ordinal);
        var after = scenario.Emulator.GetWriteStats();
        Assert.Equal((before.VersionsCreated, before.FoldersCreated, before.UploadedBytes, before.CompletedUploads), (after.VersionsCreated, after.FoldersCreated, after.UploadedBytes, after.CompletedUploads));
    }

    private static SortedSet<string> Paths(IEnumerable<AccEmulator.Control.TruthFile> files) => new(files.Select(f => f.ProjectName + "/" + f.Path + "#" + f.Sha256), StringComparer.Ordinal);

    private static Dictionary<string, int> Counts(JsonElement counts) =>
        counts.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetInt32());
}
