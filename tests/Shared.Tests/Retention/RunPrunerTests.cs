using System.Net;
using AccBackup.Issues;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Retention;
using AccBackup.Storage;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Retention;

/// <summary>Pruning runs written by hand on Azurite: four nights, the two oldest outside a keep-two-days policy.</summary>
public sealed class RunPrunerTests
{
    private static readonly RetentionPolicy KeepTwoDays = new(2, 0, 0);

    [Fact]
    public async Task Prune_TwoRunsOutsideThePolicy_RemovesThemAndTheirUniqueBlobsAndEveryKeptRunRestores()
    {
        using var store = await FourNightsAsync();

        var report = await store.PruneAsync(KeepTwoDays);

        Assert.True(report.Succeeded, report.Refusal);
        Assert.Equal(["night-4", "night-3"], report.Runs.Where(r => !r.Removed).Select(r => r.RunId));
        Assert.Equal(["night-2", "night-1"], report.Runs.Where(r => r.Removed).Select(r => r.RunId));
        Assert.Equal(["P/only-1.bin", "P/only-2.bin"], report.RemovedBlobs.Select(b => b.Name));
        Assert.Equal(1_000 + 11 + 1_000 + 12 + report.Runs.Where(r => r.Removed).Sum(r => r.Bytes), report.BytesFreed);
        Assert.All(report.Runs.Where(r => r.Removed), r => Assert.Equal(3, r.Blobs)); // manifest, CSV, one run record

        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Equal(
            ["P/shared-all.bin", "P/shared-3-4.bin", "P/shared-to-3.bin", "P/only-4.bin"],
            names.Where(n => !n.StartsWith(BlobNames.ReservedPrefix, StringComparison.Ordinal)).OrderBy(ShouldStay));
        Assert.DoesNotContain(names, n => n.StartsWith(RunLayout.RunFolder("night-1"), StringComparison.Ordinal) || n.StartsWith(RunLayout.RunFolder("night-2"), StringComparison.Ordinal));
        Assert.DoesNotContain(await PruneStore.NamesAsync(store.State), n => n.StartsWith(RunLayout.RunFolder("night-1"), StringComparison.Ordinal));
        await AssertRestoresAsync(store, "night-3", "night-4");
    }

    [Fact]
    public async Task Prune_DryRun_DeletesNothingAndListsExactlyWhatAPruneRemoves()
    {
        using var store = await FourNightsAsync();
        var backupBefore = await PruneStore.NamesAsync(store.Backup);
        var stateBefore = await PruneStore.NamesAsync(store.State);

        var dry = await store.PruneAsync(KeepTwoDays, dryRun: true);

        Assert.Equal(backupBefore, await PruneStore.NamesAsync(store.Backup));
        Assert.Equal(stateBefore, await PruneStore.NamesAsync(store.State));
        Assert.True(dry.DryRun);
        var real = await store.PruneAsync(KeepTwoDays);
        Assert.Equal(real.Runs.Select(Described), dry.Runs.Select(Described));
        Assert.Equal(real.RemovedBlobs, dry.RemovedBlobs);
        Assert.Equal(real.BytesFreed, dry.BytesFreed);
    }

    [Fact]
    public async Task Prune_UnreferencedBlobs_RemovesOnlyThoseCreatedBeforeTheNewestKeptRunStartedAndNeverTheToolsOwn()
    {
        using var store = await FourNightsAsync(beforeNight4: async s =>
        {
            await s.UploadUnreferencedAsync("P/orphan-of-a-stopped-run.bin");
            await s.UploadUnreferencedAsync(BlobNames.ReservedPrefix + "/latest.json"); // a pointer of the layout before the state container
        });
        await store.UploadUnreferencedAsync("P/written-by-a-backup-running-now.bin");

        var report = await store.PruneAsync(KeepTwoDays);

        Assert.Contains(report.RemovedBlobs, b => b.Name == "P/orphan-of-a-stopped-run.bin");
        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains("P/written-by-a-backup-running-now.bin", names);
        Assert.Contains(BlobNames.ReservedPrefix + "/latest.json", names);
        Assert.Contains(RunLayout.Json("night-3"), names);
    }

    [Fact]
    public async Task Prune_StoppedMidRunRemoval_KeptRunsStillRestoreAndASecondPruneFinishes()
    {
        using var store = await FourNightsAsync();
        using var stop = new CancellationTokenSource();

        // Night 2 goes first (newest first): its run record (state container), then its CSV; stopped before its manifest.
        using var handler = new StorageFaultHandler { StopAfterDeletes = (1, stop) };
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => store.PruneAsync(KeepTwoDays, handler: handler, cancellationToken: stop.Token));

        var afterStop = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains(RunLayout.Json("night-2"), afterStop);
        Assert.DoesNotContain(RunLayout.Csv("night-2"), afterStop);
        Assert.Contains("P/only-2.bin", afterStop);
        await AssertRestoresAsync(store, "night-3", "night-4");

        var second = await store.PruneAsync(KeepTwoDays);

        Assert.True(second.Succeeded, second.Refusal);
        Assert.Equal(["night-2", "night-1"], second.Runs.Where(r => r.Removed).Select(r => r.RunId));
        Assert.Equal(["P/only-1.bin", "P/only-2.bin"], second.RemovedBlobs.Select(b => b.Name));
        Assert.DoesNotContain(await PruneStore.NamesAsync(store.Backup), n => n.StartsWith(RunLayout.RunFolder("night-2"), StringComparison.Ordinal));
        await AssertRestoresAsync(store, "night-3", "night-4");
    }

    [Fact]
    public async Task Prune_DeleteRefusedWithoutTheRightMidSweep_StopsWithAClearMessageAndASecondPruneFinishes()
    {
        using var store = await FourNightsAsync();

        // 2 deletes in the backup container per removed run (CSV, manifest), then the sweep's first delete is refused as a
        // credential without a delete right is.
        string? refusedPath = null;
        using var handler = new StorageFaultHandler
        {
            OnDelete = (n, path) =>
            {
                if (n != 5)
                {
                    return null;
                }

                refusedPath = path;
                return StorageFaultHandler.Error(HttpStatusCode.Forbidden, BlobErrorCode.AuthorizationPermissionMismatch.ToString());
            },
        };
        var refused = await store.PruneAsync(KeepTwoDays, handler: handler);

        Assert.False(refused.Succeeded);
        Assert.Contains("right to delete", refused.Refusal, StringComparison.Ordinal);
        Assert.Contains(BlobErrorCode.AuthorizationPermissionMismatch.ToString(), refused.Refusal, StringComparison.Ordinal);
        Assert.DoesNotContain(refused.RemovedBlobs, b => refusedPath!.EndsWith("/" + b.Name, StringComparison.Ordinal));
        Assert.Contains(await PruneStore.NamesAsync(store.Backup), n => refusedPath!.EndsWith("/" + n, StringComparison.Ordinal));
        await AssertRestoresAsync(store, "night-3", "night-4");

        var second = await store.PruneAsync(KeepTwoDays);

        Assert.True(second.Succeeded, second.Refusal);
        Assert.Equal(2, refused.RemovedBlobs.Count + second.RemovedBlobs.Count);
        Assert.DoesNotContain(await PruneStore.NamesAsync(store.Backup), n => n is "P/only-1.bin" or "P/only-2.bin");
    }

    [Fact]
    public async Task Prune_BlobsUnderRetention_SkipsAndCountsThemAndARunWhoseManifestIsHeldStaysWhole()
    {
        using var store = await FourNightsAsync();
        var manifest2 = store.Backup.Name + "/" + RunLayout.Json("night-2");
        using var handler = new StorageFaultHandler
        {
            // Night 1's unique blob has a legal hold (listed so); night 2's manifest is refused as a time-based retention policy refuses.
            LegalHolds = new HashSet<string> { "P/only-1.bin" },
            OnDelete = (_, path) => path.EndsWith(manifest2, StringComparison.Ordinal) ? StorageFaultHandler.Error(HttpStatusCode.Conflict, BlobErrorCode.BlobImmutableDueToPolicy.ToString()) : null,
        };

        var report = await store.PruneAsync(KeepTwoDays, handler: handler);

        Assert.True(report.Succeeded, report.Refusal);
        var night2 = report.Runs.Single(r => r.RunId == "night-2");
        Assert.False(night2.Removed);
        Assert.Equal([RetentionReason.Retained], night2.KeptFor);
        Assert.Equal(["P/only-1.bin"], report.RetainedBlobs.Select(b => b.Name));
        Assert.Equal("legal hold", report.RetainedBlobs[0].Reason);
        Assert.Empty(report.RemovedBlobs); // night 2's blob is needed by night 2, which stays; night 1's is held
        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains("P/only-1.bin", names);
        Assert.Contains("P/only-2.bin", names);
        Assert.DoesNotContain(RunLayout.Json("night-1"), names);
        await AssertRestoresAsync(store, "night-2", "night-3", "night-4");
    }

    [Fact]
    public async Task Prune_BlobImmutableUntilLater_KeepsItAndRemovesOneWhosePolicyExpired()
    {
        using var store = await FourNightsAsync();
        using var handler = new StorageFaultHandler
        {
            ImmutableUntil = new Dictionary<string, DateTimeOffset>
            {
                ["P/only-1.bin"] = DateTimeOffset.UtcNow.AddDays(30),
                ["P/only-2.bin"] = DateTimeOffset.UtcNow.AddDays(-1),
            },
        };

        var report = await store.PruneAsync(KeepTwoDays, handler: handler);

        Assert.Equal(["P/only-2.bin"], report.RemovedBlobs.Select(b => b.Name));
        var retained = Assert.Single(report.RetainedBlobs);
        Assert.Equal("P/only-1.bin", retained.Name);
        Assert.StartsWith("immutable until ", retained.Reason, StringComparison.Ordinal);
        Assert.Contains("P/only-1.bin", await PruneStore.NamesAsync(store.Backup));
    }

    [Fact]
    public async Task Prune_IssueAttachments_KeepsThoseAKeptRunsIssueSnapshotNamesAndRemovesTheOthers()
    {
        const string Named = IssueLayout.AttachmentsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/attachments/a1/photo.jpg";
        const string Orphan = IssueLayout.AttachmentsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/attachments/a2/replaced.jpg";
        using var store = await FourNightsAsync(beforeNight4: async s =>
        {
            await s.UploadUnreferencedAsync(Named);
            await s.UploadUnreferencedAsync(Orphan);
            await s.WriteIssueSnapshotAsync("night-3", Named);
        });

        var report = await store.PruneAsync(KeepTwoDays);

        Assert.True(report.Succeeded, report.Refusal);
        Assert.Contains(Orphan, report.RemovedBlobs.Select(b => b.Name));
        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains(Named, names);
        Assert.DoesNotContain(Orphan, names);
        Assert.Contains(IssueLayout.Snapshot("night-3", "b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11"), names);
    }

    [Fact]
    public async Task Prune_RfiAttachments_KeepsThoseAKeptRunsRfiSnapshotNamesAndRemovesTheOthers()
    {
        const string Named = AccBackup.Modules.Rfis.RfiLayout.AttachmentsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/attachments/a1/sketch.pdf";
        const string Orphan = AccBackup.Modules.Rfis.RfiLayout.AttachmentsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/attachments/a2/old.pdf";
        using var store = await FourNightsAsync(beforeNight4: async s =>
        {
            await s.UploadUnreferencedAsync(Named);
            await s.UploadUnreferencedAsync(Orphan);
            await s.WriteRfiSnapshotAsync("night-3", Named);
        });

        var report = await store.PruneAsync(KeepTwoDays);

        Assert.True(report.Succeeded, report.Refusal);
        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains(Named, names);
        Assert.DoesNotContain(Orphan, names);
        Assert.Contains(Orphan, report.RemovedBlobs.Select(b => b.Name));
    }

    [Fact]
    public async Task Prune_RfiReferencesAFileVersionOnlyARemovedRunStored_KeepsThatVersionsBlob()
    {
        // Night 3's RFI snapshot references a Docs file version night 2's file backup stored (the file has moved on since):
        // night 2 goes, its version blob stays because a kept run's RFIs name it; night 1's only blob goes.
        using var store = await FourNightsAsync(beforeNight4: s => s.WriteRfiSnapshotAsync("night-3", "P/only-2.bin", referencedVersion: "v-P/only-2.bin"));

        var report = await store.PruneAsync(KeepTwoDays);

        Assert.True(report.Succeeded, report.Refusal);
        Assert.True(report.Runs.Single(r => r.RunId == "night-2").Removed, string.Join("; ", report.Runs.Select(Described)));
        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains("P/only-2.bin", names);
        Assert.DoesNotContain("P/only-1.bin", names);
    }

    [Fact]
    public async Task Prune_FormPdfs_KeepsThoseAKeptRunsFormSnapshotNamesAndRemovesTheOthers()
    {
        const string Named = AccBackup.Modules.Forms.FormLayout.PdfsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/pdfs/form-1/20301201T120000000Z/permit.pdf";
        const string Orphan = AccBackup.Modules.Forms.FormLayout.PdfsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/pdfs/form-1/20301101T120000000Z/permit.pdf";
        await AssertKeepsTheNamedBlobAndRemovesTheOrphanAsync(Named, Orphan, s => s.WriteFormSnapshotAsync("night-3", Named));
    }

    [Fact]
    public async Task Prune_FormTemplatePdfs_KeepsThoseAKeptRunsFormSnapshotNamesAndRemovesTheOthers()
    {
        const string Named = AccBackup.Modules.Forms.FormLayout.PdfsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/templates/template-1/20301201T120000000Z/Permit to Work.pdf";
        const string Orphan = AccBackup.Modules.Forms.FormLayout.PdfsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/templates/template-1/20301101T120000000Z/Permit to Work.pdf";
        await AssertKeepsTheNamedBlobAndRemovesTheOrphanAsync(Named, Orphan, s => s.WriteFormTemplateSnapshotAsync("night-3", Named));
    }

    [Fact]
    public async Task Prune_Photos_KeepsThoseAKeptRunsPhotosSnapshotNamesAndRemovesTheOthers()
    {
        const string Named = AccBackup.Modules.Photos.PhotoLayout.FilesRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/p-1/IMG_0001.jpg";
        const string Orphan = AccBackup.Modules.Photos.PhotoLayout.FilesRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/p-2/IMG_0002.jpg";
        await AssertKeepsTheNamedBlobAndRemovesTheOrphanAsync(Named, Orphan, s => s.WritePhotoSnapshotAsync("night-3", Named));
    }

    [Fact]
    public async Task Prune_RecordsOfARunThatNeverFinishedQuietSinceBeforeTheNewestRunAndForADay_RemovesThemAndKeepsARunningRunsRecords()
    {
        // A run killed before night 4 started and never resumed: records in the state container, an issue snapshot in the
        // backup container, no manifest. Another run is going now: it wrote its records after night 4 started.
        using var store = await FourNightsAsync(beforeNight4: async s =>
        {
            await s.WriteRecordsAsync("killed");
            await s.WriteIssueSnapshotAsync("killed", IssueLayout.AttachmentsRoot + "0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11/attachments/a1/photo.jpg");
        });
        await store.WriteRecordsAsync("running");
        var aDayLater = new FakeTimeProvider(DateTimeOffset.UtcNow + RunPruner.UnfinishedRunIdle + TimeSpan.FromMinutes(1));

        var report = await store.PruneAsync(KeepTwoDays, time: aDayLater);

        Assert.True(report.Succeeded, report.Refusal);
        var killed = Assert.Single(report.Runs, r => r.RunId == "killed");
        Assert.Equal((true, RunPruner.UnfinishedNote, 3L), (killed.Removed, killed.Note, killed.Blobs));
        Assert.DoesNotContain(report.Runs, r => r.RunId == "running");
        var state = await PruneStore.NamesAsync(store.State);
        Assert.DoesNotContain(state, n => n.StartsWith(RunLayout.RunFolder("killed"), StringComparison.Ordinal));
        Assert.Equal(2, state.Count(n => n.StartsWith(RunLayout.RunFolder("running"), StringComparison.Ordinal)));
        Assert.Contains(state, n => n.StartsWith(RunLayout.RunFolder("night-4"), StringComparison.Ordinal));
        Assert.DoesNotContain(await PruneStore.NamesAsync(store.Backup), n => n.StartsWith(RunLayout.RunFolder("killed"), StringComparison.Ordinal));
        await AssertRestoresAsync(store, "night-3", "night-4");
    }

    [Fact]
    public async Task Prune_RecordsOfARunWithoutManifestWrittenWithinADay_KeepsThem()
    {
        // Quiet since before night 4 started, but for an hour only: it may be a run of the other driver (the CLI beside the
        // Function App) copying large files.
        using var store = await FourNightsAsync(beforeNight4: s => s.WriteRecordsAsync("quiet-for-an-hour"));

        var report = await store.PruneAsync(KeepTwoDays, time: new FakeTimeProvider(DateTimeOffset.UtcNow.AddHours(1)));

        Assert.True(report.Succeeded, report.Refusal);
        Assert.DoesNotContain(report.Runs, r => r.RunId == "quiet-for-an-hour");
        Assert.Equal(2, (await PruneStore.NamesAsync(store.State)).Count(n => n.StartsWith(RunLayout.RunFolder("quiet-for-an-hour"), StringComparison.Ordinal)));
    }

    [Fact]
    public async Task Prune_AManifestCannotBeRead_RemovesNothing()
    {
        using var store = await FourNightsAsync();
        await store.Backup.UploadAsync(RunLayout.Json("broken"), "not json"u8.ToArray(), new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, CancellationToken.None);
        var before = await PruneStore.NamesAsync(store.Backup);

        var error = await Assert.ThrowsAsync<InvalidDataException>(() => store.PruneAsync(KeepTwoDays));

        Assert.Contains("broken", error.Message, StringComparison.Ordinal);
        Assert.Equal(before, await PruneStore.NamesAsync(store.Backup));
    }

    /// <summary>Two blobs of a module's store uploaded before night 4, one named by night 3's snapshot (a kept run's): prune keeps
    /// that one and removes the other.</summary>
    private static async Task AssertKeepsTheNamedBlobAndRemovesTheOrphanAsync(string named, string orphan, Func<PruneStore, Task> writeSnapshot)
    {
        using var store = await FourNightsAsync(beforeNight4: async s =>
        {
            await s.UploadUnreferencedAsync(named);
            await s.UploadUnreferencedAsync(orphan);
            await writeSnapshot(s);
        });

        var report = await store.PruneAsync(KeepTwoDays);

        Assert.True(report.Succeeded, report.Refusal);
        var names = await PruneStore.NamesAsync(store.Backup);
        Assert.Contains(named, names);
        Assert.DoesNotContain(orphan, names);
        Assert.Contains(orphan, report.RemovedBlobs.Select(b => b.Name));
    }

    /// <summary>Four nights on four days; night 4 started after every earlier blob was written (a second later: creation
    /// times are listed to the second). Each of nights 1, 2 and 4 stores one blob no other night holds.</summary>
    private static async Task<PruneStore> FourNightsAsync(Func<PruneStore, Task>? beforeNight4 = null)
    {
        var store = await PruneStore.CreateAsync();
        var today = DateTimeOffset.UtcNow;
        await store.WriteRunAsync("night-1", today.AddDays(-3), ("P/shared-all.bin", 1), ("P/shared-to-3.bin", 2), ("P/only-1.bin", 11));
        await store.WriteRunAsync("night-2", today.AddDays(-2), ("P/shared-all.bin", 1), ("P/shared-to-3.bin", 2), ("P/only-2.bin", 12));
        await store.WriteRunAsync("night-3", today.AddDays(-1), ("P/shared-all.bin", 1), ("P/shared-to-3.bin", 2), ("P/shared-3-4.bin", 3));
        if (beforeNight4 is not null)
        {
            await beforeNight4(store);
        }

        await Task.Delay(TimeSpan.FromSeconds(1.1));
        await store.WriteRunAsync("night-4", DateTimeOffset.UtcNow, ("P/shared-all.bin", 1), ("P/shared-3-4.bin", 3), ("P/only-4.bin", 14));
        return store;
    }

    private static string Described(PrunedRun run) => $"{run.RunId} removed={run.Removed} kept for {string.Join(",", run.KeptFor)}: {run.Blobs} blobs, {run.Bytes} bytes";

    private static int ShouldStay(string name) => name switch
    {
        "P/shared-all.bin" => 0,
        "P/shared-3-4.bin" => 1,
        "P/shared-to-3.bin" => 2,
        _ => 3,
    };

    private static async Task AssertRestoresAsync(PruneStore store, params string[] runIds)
    {
        foreach (var runId in runIds)
        {
            var manifest = await store.Reader.ReadAsync(runId, CancellationToken.None);
            var restore = await store.RestoreAsync(runId);
            Assert.True(restore.Succeeded && restore.Restored == manifest.Files.Count, $"{runId}: {string.Join("; ", restore.Failures.Select(f => f.Path + ": " + f.Reason))}");
        }
    }
}
