using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Restore;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Tests.Backup.Copying;
using AccBackup.Verification;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs;

/// <summary>A bad night never costs the backup its memory: what could not be listed is carried, what failed keeps its stored version.</summary>
[Trait("Category", "Slow")]
public sealed class PartialNightTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    private static readonly FaultOptions FolderListingsFail = new()
    {
        Endpoints = new Dictionary<EndpointCategory, EndpointFaults> { [EndpointCategory.FolderContents] = new() { ServerErrorRate = 1.0, RetryAfter = null } },
    };

    [Fact]
    public async Task RunAsync_NightWhoseFoldersCannotBeListed_ManifestStillCoversEveryStoredFileAndRestoresThem()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:Retry:MaxDuration"] = "00:00:00.050", ["Backup:ActivityAttempts"] = "1" });
        var runner = host.Services.GetRequiredService<BackupRunner>();
        var good = await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        var before = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("night-1", CancellationToken.None)).Files;
        host.Emulator.Faults = FolderListingsFail;

        var bad = await runner.RunAsync(new BackupRunRequest(RunId: "night-2", FullRescan: true), null, CancellationToken.None);

        var after = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("latest", CancellationToken.None)).Files;
        Assert.Equal(3, bad.Summary.FailedProjects.Count);
        Assert.False(bad.Summary.IsComplete);
        Assert.Equal(good.Summary.Copied, bad.Summary.NotListed);
        Assert.Equal(after.Count, after.Select(e => e.Path).Distinct(StringComparer.Ordinal).Count());
        var byItem = after.ToDictionary(e => e.ItemId);
        foreach (var stored in before.Where(e => e.IsStored))
        {
            var entry = byItem[stored.ItemId];
            Assert.Equal(ManifestStatus.NotListed, entry.Status);
            Assert.Equal((stored.BlobName, stored.Sha256, stored.VersionId), (entry.BlobName, entry.Sha256, entry.VersionId));
        }

        var verified = await ActivatorUtilities.CreateInstance<RunVerifier>(host.Services).VerifyAsync("latest", null, CancellationToken.None);
        Assert.True(verified.Succeeded);
        Assert.Equal(good.Summary.Copied, verified.Checked);
        var target = Directory.CreateTempSubdirectory("partial-night-");
        try
        {
            var restored = await ActivatorUtilities.CreateInstance<RunRestorer>(host.Services).RestoreAsync(new RestoreRequest("latest", target.FullName), null, CancellationToken.None);
            Assert.True(restored.Succeeded);
            Assert.Equal(good.Summary.Copied, restored.Restored);
        }
        finally
        {
            target.Delete(recursive: true);
        }
    }

    [Fact]
    public async Task RunAsync_GoodNightAfterABadOne_ListsTheIncompleteProjectsAgainAndRecordsDeletions()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:Retry:MaxDuration"] = "00:00:00.050", ["Backup:ActivityAttempts"] = "1" });
        var runner = host.Services.GetRequiredService<BackupRunner>();
        var good = await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        var gone = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("night-1", CancellationToken.None)).Files.First(e => e.Status == ManifestStatus.Copied);
        host.Emulator.Faults = FolderListingsFail;
        await runner.RunAsync(new BackupRunRequest(RunId: "night-2", FullRescan: true), null, CancellationToken.None);
        host.Emulator.Faults = FaultOptions.None;
        host.Emulator.Mutations.DeleteFile(gone.ItemId);

        var next = await runner.RunAsync(new BackupRunRequest(RunId: "night-3"), null, CancellationToken.None);

        var files = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("night-3", CancellationToken.None)).Files;
        Assert.True(files.Any(e => e.ItemId == gone.ItemId), $"{next.Summary.ListingMode}; {string.Join(",", files.GroupBy(f => f.Status).Select(g => g.Key + "=" + g.Count()))}");
        Assert.True(next.Summary.IsComplete);
        Assert.Equal(0, next.Summary.NotListed);
        Assert.Equal(ManifestStatus.Deleted, files.Single(e => e.ItemId == gone.ItemId).Status);
        Assert.Equal("night-3", files.Single(e => e.ItemId == gone.ItemId).SinceRun);
        Assert.Equal(good.Summary.Copied - 1, next.Summary.Unchanged);
    }

    [Fact]
    public async Task RunAsync_NewVersionCannotBeCopied_EarlierStoredVersionIsKeptAsCarried()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        var stored = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("night-1", CancellationToken.None)).Files
            .First(e => e.Status == ManifestStatus.Copied && e.StoredSize > 1000);
        host.Emulator.Mutations.ChangeFile(stored.ItemId, 4321);
        host.Emulator.Faults = new FaultOptions { Download = new DownloadFaults { ResetRate = 1.0 } };

        var night = await runner.RunAsync(new BackupRunRequest(RunId: "night-2"), null, CancellationToken.None);

        var entry = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("night-2", CancellationToken.None)).Files.Single(e => e.ItemId == stored.ItemId);
        Assert.Equal(ManifestStatus.Carried, entry.Status);
        Assert.Equal((stored.VersionId, stored.Sha256, stored.BlobName), (entry.VersionId, entry.Sha256, entry.BlobName));
        Assert.Contains("could not be copied", entry.Error, StringComparison.Ordinal);
        Assert.Equal(1, night.Summary.Carried);
        Assert.False(night.Summary.IsComplete);
        var verified = await ActivatorUtilities.CreateInstance<RunVerifier>(host.Services).VerifyAsync("night-2", null, CancellationToken.None);
        Assert.True(verified.Succeeded);
    }
}
