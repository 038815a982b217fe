using AccBackup.AccRestore;
using AccBackup.AccRestore.Activities;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.Durable.Restores;
using AccEmulator.Control;
using AccEmulator.Writes;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Tests.Restores;

/// <summary>The restore orchestration on the test host after a backup night: the acceptance of restoring into ACC through the Function App's orchestration.</summary>
public sealed class AccRestoreOrchestratorTests
{
    private const string Tower = "Demo Tower";
    private static readonly string[] ReservedFiles = ["Specifications.docx", "Tower-STR.rvt", "Budget.xlsx"];

    [Fact]
    public async Task AccRestore_AfterMassDeletionPlanThenApply_PlanChangesNothingAndApplyBringsBackOwnItemsWithoutBytesLeavingNewFiles()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        const string subtree = Source + "/Big Folder";
        var inSubtree = host.Night.Count(f => f.ProjectName == Tower && f.Path.StartsWith(subtree + "/", StringComparison.Ordinal));
        var tower = host.Night.First(f => f.ProjectName == Tower);
        await Testing.EmulatorFolders.HideAsync(host.Emulator, tower.ProjectId, host.Night.First(f => f.ProjectName == Tower && string.Join('/', f.FolderSegments) == subtree).FolderId);
        var deleted = host.Night.Where(f => f.ProjectName == Tower && !f.Path.StartsWith(subtree + "/", StringComparison.Ordinal) && !ReservedFiles.Contains(f.DisplayName)).Take(10).ToList();
        deleted.ForEach(f => host.Emulator.Mutations.DeleteFile(f.ItemId));
        var added = host.Emulator.Mutations.AddFile(host.Night.First(f => f.ProjectName == Tower && string.Join('/', f.FolderSegments) == Source).FolderId, "after the night.txt", 100);

        var before = await host.LiveAsync();
        var (_, planned) = await host.RestoreAsync(new AccRestoreRequest("plan-1", "night-1"));

        Assert.Equal("Planned", planned.Status);
        Assert.Equal(10 + inSubtree, planned.Plan!.Counts["Undelete"]);
        Assert.Equal(1, planned.Plan.FoldersToUnhide);
        AssertNothingWritten(host.Emulator.GetWriteStats());
        Assert.Equal(Paths(before), Paths(await host.LiveAsync()));

        var (instance, outcome) = await host.RestoreAsync(new AccRestoreRequest("apply-1", "night-1", Apply: true));

        Assert.Equal("Restored", outcome.Status);
        Assert.Equal(10, outcome.VersionsCreated);
        var now = await host.LiveAsync();
        foreach (var file in host.Night)
        {
            Assert.Contains(now, f => f.ItemId == file.ItemId && f.Path == file.Path && f.Sha256 == file.Sha256);
        }

        Assert.Contains(now, f => f.ItemId == added.Id);
        var stats = host.Emulator.GetWriteStats();
        Assert.Equal((0L, 0, 0, 10), (stats.UploadedBytes, stats.ItemsCreated, stats.FoldersCreated, stats.VersionsCreated));
        Assert.All(stats.VersionsCreatedByItem.Values, v => Assert.Equal(1, v));
        Assert.Equal("done", instance.ReadCustomStatusAs<RestoreStatus>()!.Phase);
        var record = await host.Host.Services.GetRequiredService<RestoreRecord>().ReadAsync("apply-1", CancellationToken.None);
        Assert.Equal(10, record!.Files.Count(f => f.CreatedVersions.Count == 1 && f.Plan.Action == RestoreAction.Undelete));
        Assert.Equal(RestoreAction.Nothing, record.Files.Single(f => f.Plan.Name == "hidden note.txt").Plan.Action);
        Assert.DoesNotContain(now, f => f.DisplayName == "hidden note.txt");
        Assert.Equal(new SortedDictionary<string, int>(planned.Plan.Counts.ToDictionary()), Done(record));

        // Resumed (the same restore again): its record is there, nothing is written.
        await host.Client.PurgeInstanceAsync("apply-1");
        var (_, again) = await host.RestoreAsync(new AccRestoreRequest("apply-1", "night-1", Apply: true));
        Assert.Equal("AlreadyFinished", again.Status);
        Assert.Equal(10, host.Emulator.GetWriteStats().VersionsCreated);
    }

    [Fact]
    public async Task AccRestore_AfterRansomware_PromotesWithoutBytes()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        var tower = host.Night.Where(f => f.ProjectName == Tower).ToList();
        host.Emulator.Mutations.Ransomware(tower[0].ProjectId);

        var (_, outcome) = await host.RestoreAsync(new AccRestoreRequest("ransom", "night-1", Project: Tower, Apply: true));

        var locked = tower.Count(f => ReservedFiles.Contains(f.DisplayName));
        Assert.Equal(locked, outcome.FilesFailed);
        var now = await host.LiveAsync();
        foreach (var file in tower.Where(f => !ReservedFiles.Contains(f.DisplayName)))
        {
            Assert.Contains(now, f => f.ItemId == file.ItemId && f.Sha256 == file.Sha256);
        }

        Assert.Equal(0L, host.Emulator.GetWriteStats().UploadedBytes);

        // A file hidden (not deleted) on the night gets its bytes back, and the plan says ACC shows it again: no call keeps it hidden.
        var record = (await host.Host.Services.GetRequiredService<RestoreRecord>().ReadAsync("ransom", CancellationToken.None))!;
        var hidden = record.Files.Single(f => f.Plan.Name == "hidden note.txt");
        Assert.Equal((RestoreAction.Promote, true), (hidden.Plan.Action, hidden.Succeeded));
        Assert.Contains("visible afterwards", hidden.Plan.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Start_WhileABackupRuns_IsRefusedSayingWhy()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        var settings = AccBackup.Durable.Orchestrations.OrchestrationSettings.From(host.Host.Services.GetRequiredService<Microsoft.Extensions.Options.IOptions<Backup.Settings.BackupOptions>>().Value);
        await host.Client.ScheduleNewOrchestrationInstanceAsync(AccBackup.Durable.Orchestrations.BackupRunOrchestrator.Name, new AccBackup.Durable.Orchestrations.BackupRunInput(new Runs.BackupRunRequest(), settings),
            new Microsoft.DurableTask.StartOrchestrationOptions("night-2"));

        var started = await RestoreStarter.StartAsync(host.Client, new AccRestoreInput(new AccRestoreRequest("during", "night-1", Apply: true)), CancellationToken.None);

        Assert.Equal(RestoreStartOutcome.BackupRunning, started.Outcome);
        Assert.Equal("night-2", started.InstanceId);
        Assert.Contains("never runs into a backup", started.Detail, StringComparison.Ordinal);
        await host.WaitAsync("night-2");
    }

    [Fact]
    public async Task AccRestore_ElsewherePlanThenApply_UploadsUnderTheTargetAcrossGenerationsAndAgainWritesNothing()
    {
        await using var host = await DurableRestoreHost.StartAsync(before: async emulator =>
        {
            var architecture = (await emulator.Truth.GetFilesAsync()).First(f => f.Path.StartsWith(Source + "/", StringComparison.Ordinal) && f.FolderSegments.Count == 2).FolderId;
            emulator.Mutations.AddFile(architecture, "big model.nwd", 12 << 20);
        });
        await host.BackUpAsync("night-1");
        var selected = host.Night.Where(f => f.ProjectName == Tower && f.Path.StartsWith(Source + "/", StringComparison.Ordinal)).ToList();
        var request = new AccRestoreRequest("elsewhere-plan", "night-1", PathPrefix: Tower + "/" + Source, Target: Elsewhere);
        var input = new AccRestoreInput(request, FilesPerBatch: 25, BatchesInFlight: 4, BatchesPerGeneration: 3);
        var before = await host.LiveAsync();

        var (_, planned) = await host.RestoreAsync(request, input);

        Assert.Equal("Planned", planned.Status);
        Assert.Equal(selected.Count, planned.Plan!.Counts["UploadNewFile"]);
        AssertNothingWritten(host.Emulator.GetWriteStats());
        Assert.Equal(Paths(before), Paths(await host.LiveAsync()));

        var (_, outcome) = await host.RestoreAsync(request with { RestoreId = "elsewhere", Apply = true }, input);

        Assert.Equal("Restored", outcome.Status);
        var batches = (selected.Count + 24) / 25;
        Assert.Equal((batches + 2) / 3, outcome.Generations);
        var now = (await host.LiveAsync()).Where(f => f.ProjectName == "Demo Empty").ToList();
        Assert.Equal(selected.Count, now.Count);
        foreach (var file in selected)
        {
            Assert.Contains(now, f => f.Path == "Project Files/Restored/" + file.Path[(Source.Length + 1)..] && f.Sha256 == file.Sha256);
        }

        var stats = host.Emulator.GetWriteStats();
        Assert.Equal((selected.Count, selected.Count, selected.Sum(f => f.ServedLength!.Value)), (stats.ItemsCreated, stats.CompletedUploads, stats.UploadedBytes));
        Assert.Equal((selected.Count, selected.Sum(f => f.ServedLength!.Value)), (outcome.VersionsCreated, outcome.UploadedBytes));
        var record = (await host.Host.Services.GetRequiredService<RestoreRecord>().ReadAsync("elsewhere", CancellationToken.None))!;
        Assert.Equal(new SortedDictionary<string, int>(planned.Plan.Counts.ToDictionary()), Done(record));
        Assert.Equal(2, record.Files.Single(f => f.Plan.Name == "big model.nwd").Parts);

        // The same restore again, under a new id: the plan finds every file there already, and nothing is written.
        var (_, again) = await host.RestoreAsync(request with { RestoreId = "elsewhere-again", Apply = true }, input);
        Assert.Equal("Restored", again.Status);
        Assert.Equal(selected.Count, again.Plan!.Counts["Nothing"]);
        Assert.Equal(selected.Count, again.Plan.Counts.Values.Sum());
        Assert.Equal((stats.ItemsCreated, stats.VersionsCreated, stats.FoldersCreated, stats.UploadedBytes), Totals(host.Emulator.GetWriteStats()));
    }

    [Fact]
    public async Task AccRestore_HostStoppedMidwayAndRestartedWithTheSameId_CreatesEachVersionOnce()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        const string bigFolder = Source + "/Big Folder";
        var selected = host.Night.Where(f => f.ProjectName == Tower && f.Path.StartsWith(bigFolder + "/", StringComparison.Ordinal)).ToList();
        var request = new AccRestoreRequest("killed", "night-1", PathPrefix: Tower + "/" + bigFolder, Target: Elsewhere, Apply: true);
        var input = new AccRestoreInput(request, FilesPerBatch: 10, BatchesInFlight: 4, BatchesPerGeneration: 5);

        // The worker goes away once a third of the files are in: activities in flight are cancelled, the instance is lost.
        await host.StartRestoreAsync(request, input);
        var waited = System.Diagnostics.Stopwatch.StartNew();
        while (host.Emulator.GetWriteStats().ItemsCreated < selected.Count / 3 && waited.Elapsed < Testing.TestWaits.Run)
        {
            await Task.Delay(20);
        }

        await host.RestartAsync();
        var first = host.Emulator.GetWriteStats().ItemsCreated;
        Assert.InRange(first, selected.Count / 3, selected.Count - 1);

        var (_, outcome) = await host.RestoreAsync(request, input);

        Assert.Equal("Restored", outcome.Status);
        var stats = host.Emulator.GetWriteStats();
        Assert.Equal(selected.Count, stats.ItemsCreated);
        Assert.All(stats.VersionsCreatedByItem.Values, v => Assert.Equal(1, v));
        var now = (await host.LiveAsync()).Where(f => f.ProjectName == "Demo Empty").ToList();
        Assert.Equal(selected.Count, now.Count);
        foreach (var file in selected)
        {
            Assert.Contains(now, f => f.Path == "Project Files/Restored/" + file.Path[(bigFolder.Length + 1)..] && f.Sha256 == file.Sha256);
        }

        var record = (await host.Host.Services.GetRequiredService<RestoreRecord>().ReadAsync("killed", CancellationToken.None))!;
        Assert.Equal(selected.Count, record.Files.Count(f => f.Succeeded));
    }

    [Fact]
    public async Task AccRestore_UserWithoutUploadRight_FailsNamingTheFolderAndWritesNothing()
    {
        await using var host = await DurableRestoreHost.StartAsync(new Dictionary<string, string?> { ["Restore:UserId"] = "restorer" });
        await host.BackUpAsync("night-1");
        var structure = host.Night.First(f => f.ProjectName == Tower && string.Join('/', f.FolderSegments) == "Project Files/Structure").FolderId;
        host.Emulator.Permissions.Set(structure, "restorer", ["view", "download", "create"]);
        var before = await host.LiveAsync();

        var (instance, outcome) = await host.RestoreAsync(
            new AccRestoreRequest("denied", "night-1", PathPrefix: Tower + "/" + Source + "/Big Folder/Zone 01", Target: Tower + "/Project Files/Structure/Restored", Apply: true));

        Assert.Equal("Failed", outcome.Status);
        Assert.Contains("'upload'", outcome.Failure, StringComparison.Ordinal);
        Assert.Contains("'Project Files/Structure'", outcome.Failure, StringComparison.Ordinal);
        Assert.Equal("failed", instance.ReadCustomStatusAs<RestoreStatus>()!.Phase);
        AssertNothingWritten(host.Emulator.GetWriteStats());
        Assert.Equal(Paths(before), Paths(await host.LiveAsync()));
        Assert.Null(await host.Host.Services.GetRequiredService<RestoreRecord>().ReadAsync("denied", CancellationToken.None));
    }

    private const string Source = "Project Files/Architecture";

    private const string Elsewhere = "Demo Empty/Project Files/Restored";

    private static SortedSet<string> Paths(IEnumerable<TruthFile> files) => new(files.Select(f => f.ProjectName + "/" + f.Path + "#" + f.Sha256), StringComparer.Ordinal);

    /// <summary>What a restore did per action, keyed as a plan's counts are.</summary>
    private static SortedDictionary<string, int> Done(AccRestore.Record.AccRestoreResult record) => new(record.Done.ToDictionary(d => d.Key.ToString(), d => d.Value));

    private static (int Items, int Versions, int Folders, long Bytes) Totals(WriteStats stats) => (stats.ItemsCreated, stats.VersionsCreated, stats.FoldersCreated, stats.UploadedBytes);

    private static void AssertNothingWritten(WriteStats stats) => Assert.Equal((0, 0, 0, 0L, 0), (stats.ItemsCreated, stats.VersionsCreated, stats.FoldersCreated, stats.UploadedBytes, stats.CompletedUploads));
}
