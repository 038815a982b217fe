using AccBackup.Backup.Listing;
using AccBackup.Backup.Settings;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.InProcess;
using AccBackup.Runs.State;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Runs;

public sealed class IncrementalRunTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task RunAsync_NothingChanged_AboutOneCallPerProjectAndSameFilesAllUnchanged()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var first = await RunAsync(host);
        host.Emulator.ResetStats();

        var second = await RunAsync(host);

        var stats = host.Emulator.GetStats();
        var apsCalls = stats.TotalRequests - stats.Count(EndpointCategory.Token);
        Assert.InRange(apsCalls, 1, first.Summary.Projects + 2);
        Assert.Equal(0, stats.Count(EndpointCategory.Oss));
        Assert.Equal(0, stats.Count(EndpointCategory.FolderContents));
        Assert.StartsWith("incremental from run " + first.Summary.RunId, second.Summary.ListingMode, StringComparison.Ordinal);
        var before = await FilesAsync(host, first);
        var after = await FilesAsync(host, second);
        Assert.Equal(before.Select(Key).Order(), after.Select(Key).Order());
        Assert.All(after, e => Assert.Contains(e.Status, new[] { ManifestStatus.Unchanged, ManifestStatus.NoContent }));
        Assert.Equal(first.Summary.Copied, second.Summary.Unchanged);
    }

    [Fact]
    public async Task RunAsync_NothingChangedWithSmallCopyChunks_CarriedFilesGoInChunksTenTimesLargerAndAllStayUnchanged()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo, new Dictionary<string, string?> { ["Backup:FilesPerChunk"] = "5" });
        var first = await RunAsync(host);

        var second = await RunAsync(host);

        var chunks = new List<IReadOnlyList<InventoryRecord>>();
        var blobs = host.Services.GetRequiredService<NdjsonBlobs>();
        await foreach (var blob in host.State.ListAsync(RunLayout.InventoryPrefix(second.Summary.RunId), CancellationToken.None))
        {
            chunks.Add((await blobs.ReadAsync(blob.Name, RunJsonContext.Default.InventoryRecord, CancellationToken.None))!);
        }

        Assert.All(chunks, c => Assert.InRange(c.Count, 1, 50));
        Assert.Contains(chunks, c => c.Count > 5);
        Assert.Equal(first.Summary.Files, chunks.Sum(c => c.Count));
        Assert.Equal(first.Summary.Copied, second.Summary.Unchanged);
        Assert.Equal((await FilesAsync(host, first)).Select(Key).Order(), (await FilesAsync(host, second)).Select(Key).Order());
    }

    [Fact]
    public async Task RunAsync_ChangeDeepInOneFolder_ListsOnlyThatFoldersAncestors()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        await RunAsync(host);
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None);
        var deep = truth.Where(f => f.HasStorage).MaxBy(f => f.FolderSegments.Count)!;
        host.Emulator.Mutations.ChangeFile(deep.ItemId, 999);
        host.Emulator.ResetStats();

        var second = await RunAsync(host);

        // The folder chain from the top folder down to the changed file's folder, one page each.
        Assert.Equal(deep.FolderSegments.Count, host.Emulator.GetStats().Count(EndpointCategory.FolderContents));
        Assert.Equal(1, second.Summary.Copied);
        var entry = (await FilesAsync(host, second)).Single(e => e.ItemId == deep.ItemId);
        Assert.Equal((ManifestStatus.Copied, 999L), (entry.Status, entry.StoredSize!.Value));
    }

    [Fact]
    public async Task RunAsync_AddChangeRenameDelete_EachAppearsCorrectlyAndDeletionIsRemembered()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var first = await RunAsync(host);
        var stored = (await FilesAsync(host, first)).Where(e => e.Status == ManifestStatus.Copied && e.Path.EndsWith(".pdf", StringComparison.Ordinal)).Take(3).ToList();
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None);
        var added = host.Emulator.Mutations.AddFile(truth.First(f => f.ItemId == stored[0].ItemId).FolderId, "added later.txt", 4321);
        host.Emulator.Mutations.ChangeFile(stored[0].ItemId, 777);
        host.Emulator.Mutations.RenameFile(stored[1].ItemId, "renamed.pdf");
        host.Emulator.Mutations.DeleteFile(stored[2].ItemId);

        var second = await RunAsync(host);
        var third = await RunAsync(host);

        var files = await FilesAsync(host, second);
        Assert.Equal(ManifestStatus.Copied, Current(files, added.Id).Status);
        Assert.Equal(777, Current(files, stored[0].ItemId).StoredSize);
        Assert.EndsWith("/renamed.pdf", Current(files, stored[1].ItemId).Path, StringComparison.Ordinal);
        var moved = Assert.Single(files, e => e.Status == ManifestStatus.Moved);
        Assert.Equal((stored[1].BlobName, second.Summary.RunId), (moved.BlobName, moved.SinceRun));
        var deleted = Assert.Single(files, e => e.Status == ManifestStatus.Deleted);
        Assert.Equal((stored[2].ItemId, stored[2].Path, second.Summary.RunId), (deleted.ItemId, deleted.Path, deleted.SinceRun));
        Assert.NotNull(await host.Container.GetPropertiesAsync(stored[2].BlobName!, CancellationToken.None));
        Assert.Equal((1L, 1L), (second.Summary.Deleted, second.Summary.Moved));

        var later = await FilesAsync(host, third);
        Assert.Equal(second.Summary.RunId, Assert.Single(later, e => e.Status == ManifestStatus.Deleted).SinceRun);
        Assert.Equal(0, third.Summary.Copied);
    }

    [Fact]
    public async Task RunAsync_PreviousStateMissing_ListsEverythingAndSaysSo()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var first = await RunAsync(host);
        await foreach (var blob in host.State.ListAsync(RunLayout.FolderStatePrefix(first.Summary.RunId), CancellationToken.None))
        {
            await host.State.DeleteIfExistsAsync(blob.Name, CancellationToken.None);
        }

        host.Emulator.ResetStats();

        var second = await RunAsync(host);

        Assert.StartsWith("full: state of run", second.Summary.ListingMode, StringComparison.Ordinal);
        Assert.True(host.Emulator.GetStats().Count(EndpointCategory.FolderContents) > 10);
        Assert.Contains(host.Logs.Lines, l => l.StartsWith("Warning", StringComparison.Ordinal) && l.Contains("No usable previous run state", StringComparison.Ordinal));
        Assert.Equal(0, second.Summary.Copied);
    }

    [Fact]
    public async Task RunAsync_FullRescanRequested_ListsEverythingButRecopiesNothing()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var first = await RunAsync(host);
        host.Emulator.ResetStats();

        var second = await RunAsync(host, new BackupRunRequest(FullRescan: true));

        Assert.Equal("full: requested", second.Summary.ListingMode);
        Assert.True(host.Emulator.GetStats().Count(EndpointCategory.FolderContents) >= first.Summary.Folders);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Oss));
        Assert.Equal(first.Summary.Copied, second.Summary.Unchanged);
    }

    [Fact]
    public async Task RunAsync_ForceCopyAfterABlobWasLost_ListsEverythingChecksEveryBlobAndStoresOnlyTheLostOneAgain()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var first = await RunAsync(host);
        // A blob tonight's proof does not check (nor tomorrow's, should the night start after midnight): the ordinary
        // night below must not find it by its proof (StoredBlobProofTests cover that), so only the forced copy does.
        var now = host.Services.GetRequiredService<TimeProvider>().GetUtcNow();
        var days = host.Services.GetRequiredService<IOptions<BackupOptions>>().Value.ProveAllWithinDays;
        var unproven = new[] { ProofSlice.For(now, days), ProofSlice.For(now.AddDays(1), days) };
        var lost = (await FilesAsync(host, first))
            .First(e => e.Status == ManifestStatus.Copied && e.StoredSize > 0 && !unproven.Any(slice => slice.Checks(e.BlobName!)));
        await host.Unguarded.DeleteIfExistsAsync(lost.BlobName!, CancellationToken.None);
        var trusting = await RunAsync(host);
        host.Emulator.ResetStats();

        var second = await RunAsync(host, new BackupRunRequest(ForceCopy: true));

        Assert.Equal(0, trusting.Summary.Copied); // an ordinary night trusts what the latest run proved
        Assert.Equal("full: copy forced", second.Summary.ListingMode);
        Assert.True(host.Emulator.GetStats().Count(EndpointCategory.FolderContents) >= first.Summary.Folders);
        Assert.Equal((1L, first.Summary.Copied - 1), (second.Summary.Copied, second.Summary.Unchanged));
        var again = Current(await FilesAsync(host, second), lost.ItemId);
        Assert.Equal((lost.BlobName, lost.Sha256), (again.BlobName, again.Sha256));
        Assert.NotNull(await host.Container.GetPropertiesAsync(lost.BlobName!, CancellationToken.None));
    }

    private static Task<BackupRunResult> RunAsync(CopyEngineHost host, BackupRunRequest? request = null) =>
        host.Services.GetRequiredService<BackupRunner>().RunAsync(request ?? new BackupRunRequest(), null, CancellationToken.None);

    private static async Task<IReadOnlyList<ManifestEntry>> FilesAsync(CopyEngineHost host, BackupRunResult run) =>
        (await host.Services.GetRequiredService<ManifestReader>().ReadAsync(run.Summary.RunId, CancellationToken.None)).Files;

    private static ManifestEntry Current(IReadOnlyList<ManifestEntry> files, string itemId) =>
        files.Single(e => e.ItemId == itemId && e.Status is not (ManifestStatus.Moved or ManifestStatus.Deleted));

    private static string Key(ManifestEntry e) => $"{e.ItemId}|{e.VersionId}|{e.BlobName}|{e.Sha256}|{e.Path}";
}
