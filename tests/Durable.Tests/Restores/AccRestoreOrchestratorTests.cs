using AccBackup.AccRestore;
using AccBackup.Durable.Restores;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Durable.Tests.Restores;

/// <summary>The restore orchestration on the test host after a backup night: the acceptance of restoring into ACC through the Function App's orchestration.</summary>
public sealed class AccRestoreOrchestratorTests
{
    private const string Tower = "Demo Tower";
    private static readonly string[] ReservedFiles = ["Specifications.docx", "Tower-STR.rvt", "Budget.xlsx"];

    [Fact]
    public async Task AccRestore_AfterMassDeletionPlanThenApply_PlanChangesNothingAndApplyBringsBackOwnItemsWithoutBytes()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        var deleted = host.Night.Where(f => f.ProjectName == Tower && !ReservedFiles.Contains(f.DisplayName)).Take(15).ToList();
        deleted.ForEach(f => host.Emulator.Mutations.DeleteFile(f.ItemId));

        var (_, planned) = await host.RestoreAsync(new AccRestoreRequest("plan-1", "night-1"));

        Assert.Equal("Planned", planned.Status);
        Assert.Equal(15, planned.Plan!.Counts["Undelete"]);
        Assert.Equal(0, host.Emulator.GetWriteStats().VersionsCreated);

        var (instance, outcome) = await host.RestoreAsync(new AccRestoreRequest("apply-1", "night-1", Apply: true));

        Assert.Equal("Restored", outcome.Status);
        Assert.Equal(15, outcome.VersionsCreated);
        var now = await host.LiveAsync();
        foreach (var file in host.Night)
        {
            Assert.Contains(now, f => f.ItemId == file.ItemId && f.Path == file.Path && f.Sha256 == file.Sha256);
        }

        var stats = host.Emulator.GetWriteStats();
        Assert.Equal((0L, 0, 15), (stats.UploadedBytes, stats.ItemsCreated, stats.VersionsCreated));
        Assert.Equal("done", instance.ReadCustomStatusAs<RestoreStatus>()!.Phase);
        var record = await host.Host.Services.GetRequiredService<RestoreRecord>().ReadAsync("apply-1", CancellationToken.None);
        Assert.Equal(15, record!.Files.Count(f => f.CreatedVersions.Count == 1 && f.Plan.Action == RestoreAction.Undelete));

        // Resumed (the same restore again): its record is there, nothing is written.
        await host.Client.PurgeInstanceAsync("apply-1");
        var (_, again) = await host.RestoreAsync(new AccRestoreRequest("apply-1", "night-1", Apply: true));
        Assert.Equal("AlreadyFinished", again.Status);
        Assert.Equal(15, host.Emulator.GetWriteStats().VersionsCreated);
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
}
