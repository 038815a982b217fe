using AccBackup.AccRestore;
using AccBackup.BackupConsole.Restores;
using AccBackup.Durable.Tests.Restores;
using AccBackup.Functions.Restores;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Functions.Tests.Restores;

/// <summary>The console's restores in the Function App: the Durable restore orchestration on the test host, after a real backup
/// night of the emulator into Azurite, planned, then applied as planned, and followed.</summary>
public sealed class DurableConsoleRestoresTests
{
    private const string Tower = "Demo Tower";

    [Fact]
    public async Task PlanThenApply_AfterDeletions_AppliesTheShownPlanAndBringsTheFilesBack()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        await host.BackUpAsync("night-1");
        var deleted = host.Night.Where(f => f.ProjectName == Tower).OrderBy(f => f.ItemId, StringComparer.Ordinal).Take(3).ToList();
        deleted.ForEach(f => host.Emulator.Mutations.DeleteFile(f.ItemId));
        var record = host.Host.Services.GetRequiredService<RestoreRecord>();
        var restores = new DurableConsoleRestores(host.Client, record);

        var refused = await restores.PlanAsync(new AccRestoreRequest("console-1", "night-1", Project: Tower, Apply: true), CancellationToken.None);
        await host.WaitAsync("console-1");
        var planned = await restores.ProgressAsync("console-1", CancellationToken.None);

        Assert.Null(refused);
        Assert.Equal(RestoreProgress.Planned, planned?.Phase);
        Assert.Equal(0, host.Emulator.GetWriteStats().VersionsCreated);
        var shown = (await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob("console-1"), CancellationToken.None))!;
        Assert.Equal(3, shown.Counts[RestoreAction.Undelete]);

        var (applying, notStarted) = await restores.ApplyAsync("console-1", CancellationToken.None);
        await host.WaitAsync(applying!);
        var done = await restores.ProgressAsync(applying!, CancellationToken.None);

        Assert.Null(notStarted);
        Assert.Equal("console-1" + DurableConsoleRestores.ApplySuffix, applying);
        Assert.Equal((RestoreProgress.Done, shown.Files.Count, 0), (done?.Phase, done?.FilesDone, done?.FilesFailed));
        var result = (await record.ReadAsync(applying!, CancellationToken.None))!;
        Assert.Equal(shown.PlannedAt, result.Plan.PlannedAt);
        var now = await host.LiveAsync();
        Assert.All(deleted, file => Assert.Contains(now, f => f.ItemId == file.ItemId && f.Path == file.Path && f.Sha256 == file.Sha256));
        Assert.Equal(3, host.Emulator.GetWriteStats().VersionsCreated);
    }

    [Fact]
    public async Task Apply_NeverPlanned_IsRefusedSayingSo()
    {
        await using var host = await DurableRestoreHost.StartAsync();
        var restores = new DurableConsoleRestores(host.Client, host.Host.Services.GetRequiredService<RestoreRecord>());

        var (applying, refusal) = await restores.ApplyAsync("console-none", CancellationToken.None);

        Assert.Null(applying);
        Assert.Equal("NotPlanned", refusal?.Reason);
        Assert.Null(await restores.ProgressAsync("console-none", CancellationToken.None));
    }
}
