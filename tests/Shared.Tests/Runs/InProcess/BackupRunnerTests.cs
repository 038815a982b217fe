using AccBackup.Acc;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs.InProcess;

public sealed class BackupRunnerTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task RunAsync_DemoAccount_ManifestMatchesTruthAndEveryBlobIsIdentical()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var reports = new List<BackupProgress>();

        var result = await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "demo-1"), new SyncProgress(reports), CancellationToken.None);

        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var manifest = await host.Services.GetRequiredService<ManifestReader>().ReadAsync("latest", CancellationToken.None);
        var summary = manifest.Summary;
        Assert.Equal("demo-1", summary.RunId);
        Assert.Equal(3, summary.Projects);
        Assert.Equal(truth.Count, summary.Files);
        Assert.Equal(truth.Count(f => f.HasStorage), summary.Copied);
        Assert.Equal(truth.Count(f => !f.HasStorage), summary.NoContent);
        Assert.Equal(0, summary.Failed);
        Assert.Empty(summary.FailedProjects);
        var mismatch = Assert.Single(summary.SizeMismatches);
        Assert.EndsWith("drift.bin", mismatch.Path, StringComparison.Ordinal);
        Assert.Equal((10_517L, 10_000L), (mismatch.ApiSize, mismatch.StoredSize));
        Assert.Equal(truth.Where(f => f.HasStorage).Sum(f => f.ServedLength!.Value), summary.Bytes);

        await Testing.BackupTruth.AssertEveryFileStoredAsync(truth, manifest.Files, host.Container, CancellationToken.None);

        Assert.Equal("done", reports[^1].Phase);
        Assert.Equal(summary.Copied, reports[^1].FilesCopied);
        Assert.True(result.Statistics.LargestPayloadBytes < 64 * 1024);
    }

    [Fact]
    public async Task RunAsync_DemoAccount_ProgressMovesWithEveryFileNotEveryChunk()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var reports = new List<BackupProgress>();

        var result = await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(), new SyncProgress(reports), CancellationToken.None);

        var copiedSeen = reports.Select(r => r.FilesCopied).Distinct().Count();
        Assert.True(copiedSeen > 2 * result.Statistics.CopyActivities, $"{copiedSeen} distinct copied counts for {result.Statistics.CopyActivities} copy activities");
        Assert.Equal(result.Summary.Copied, reports[^1].FilesCopied);
        Assert.All(reports, r => Assert.InRange(r.FilesCopied, 0, result.Summary.Copied));
    }

    [Fact]
    public async Task RunAsync_SecondRunWithoutChanges_AllUnchangedAndNoSignedUrlCalls()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        var first = await runner.RunAsync(new BackupRunRequest(), null, CancellationToken.None);
        host.Emulator.ResetStats();

        var second = await runner.RunAsync(new BackupRunRequest(), null, CancellationToken.None);

        Assert.Equal(first.Summary.Copied, second.Summary.Unchanged);
        Assert.Equal(0, second.Summary.Copied);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Oss));
        Assert.NotEqual(first.Summary.RunId, second.Summary.RunId);
    }

    [Fact]
    public async Task RunAsync_RunIdAlreadyUsed_RefusesAndLeavesThatRunsManifestAsItWas()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        var reader = host.Services.GetRequiredService<ManifestReader>();
        await runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None);
        var before = await reader.ReadAsync("night-1", CancellationToken.None);

        var error = await Assert.ThrowsAsync<RunAlreadyExistsException>(() => runner.RunAsync(new BackupRunRequest(RunId: "night-1"), null, CancellationToken.None));

        var after = await reader.ReadAsync("night-1", CancellationToken.None);
        Assert.Contains("night-1", error.Message, StringComparison.Ordinal);
        Assert.Equal(before.Files.Count, after.Files.Count);
        Assert.Equal(after.Files.Count, after.Files.Select(f => f.Path).Distinct(StringComparer.Ordinal).Count());
        Assert.Equal(System.Text.Json.JsonSerializer.Serialize(before.Summary), System.Text.Json.JsonSerializer.Serialize(after.Summary));
    }

    [Fact]
    public async Task RunAsync_DryRun_PlansEveryFileAndCopiesNothing()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);

        var result = await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(DryRun: true), null, CancellationToken.None);

        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None);
        Assert.Equal(truth.Count(f => f.HasStorage), result.Summary.Planned);
        Assert.Equal(0, result.Summary.Copied);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Download));
        await foreach (var blob in host.Container.ListAsync(null, CancellationToken.None))
        {
            Assert.StartsWith("$acc-backup/", blob.Name, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task RunAsync_IncludeOneProject_BacksUpOnlyThatProject()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);

        var result = await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(IncludeProjects: "demo hospital"), null, CancellationToken.None);

        var manifest = await host.Services.GetRequiredService<ManifestReader>().ReadAsync(result.Summary.RunId, CancellationToken.None);
        Assert.Equal(1, result.Summary.Projects);
        Assert.NotEmpty(manifest.Files);
        Assert.All(manifest.Files, e => Assert.Equal("Demo Hospital", e.ProjectName));
    }

    [Fact]
    public async Task RunAsync_CredentialsRejected_FailsWithReasonNamingTheSetting()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo, new Dictionary<string, string?> { ["Aps:ClientSecret"] = "wrong-secret" });

        var error = await Assert.ThrowsAsync<ApsAuthenticationException>(
            () => host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(), null, CancellationToken.None));

        Assert.Contains("Aps:ClientSecret", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_AfterMutations_ManifestShowsAddedChangedAndRenamedFiles()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        var first = await runner.RunAsync(new BackupRunRequest(), null, CancellationToken.None);
        var before = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync(first.Summary.RunId, CancellationToken.None)).Files;
        var stored = before.Where(e => e.Status == ManifestStatus.Copied && e.Path.EndsWith(".pdf", StringComparison.Ordinal)).Take(2).ToList();
        var folder = (await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None)).First(f => f.ItemId == stored[0].ItemId).FolderId;
        var added = host.Emulator.Mutations.AddFile(folder, "added later.txt", 4321);
        host.Emulator.Mutations.ChangeFile(stored[0].ItemId, 777);
        host.Emulator.Mutations.RenameFile(stored[1].ItemId, "renamed.pdf");

        var second = await runner.RunAsync(new BackupRunRequest(), null, CancellationToken.None);

        var files = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync(second.Summary.RunId, CancellationToken.None)).Files;
        var after = files.Where(e => e.Status != ManifestStatus.Moved).ToDictionary(e => e.ItemId);
        var moved = Assert.Single(files, e => e.Status == ManifestStatus.Moved);
        Assert.Equal((stored[1].ItemId, stored[1].BlobName), (moved.ItemId, moved.BlobName));
        Assert.Equal(ManifestStatus.Copied, after[added.Id].Status);
        Assert.Equal(ManifestStatus.Copied, after[stored[0].ItemId].Status);
        Assert.Equal(777, after[stored[0].ItemId].StoredSize);
        Assert.EndsWith("/renamed.pdf", after[stored[1].ItemId].Path, StringComparison.Ordinal);
        // A rename is a new version over the same bytes: it points at the blob already stored, nothing is copied for it.
        Assert.Equal((ManifestStatus.Unchanged, stored[1].BlobName, stored[1].Sha256), (after[stored[1].ItemId].Status, after[stored[1].ItemId].BlobName, after[stored[1].ItemId].Sha256));
        Assert.Equal(2, second.Summary.Copied);
        Assert.Equal(before.Count + 1, second.Summary.Files);
    }

    /// <summary>Collects reports on the reporting thread (Progress&lt;T&gt; would post them later).</summary>
    private sealed class SyncProgress(List<BackupProgress> reports) : IProgress<BackupProgress>
    {
        public void Report(BackupProgress value)
        {
            lock (reports)
            {
                reports.Add(value);
            }
        }
    }
}
