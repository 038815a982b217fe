using AccBackup.Backup.Copying;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Storage;
using AccBackup.Tests.Storage;
using AccBackup.Verification;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Tests.Verification;

public sealed class RunVerifierTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    [Fact]
    public async Task VerifyAsync_UntouchedRun_NoFindingsAndEveryByteHashed()
    {
        var run = await StoreRunAsync();

        var report = await CreateSut().VerifyAsync(run.RunId, null, CancellationToken.None);

        Assert.Empty(report.Findings);
        Assert.True(report.Succeeded);
        Assert.Equal((5, 3), (report.Entries, report.Checked));
        Assert.Equal(run.Content.Values.Sum(b => (long)b.Length), report.Bytes);
    }

    [Fact]
    public async Task VerifyAsync_TamperedBlobSameLengthAndMetadata_ReportsHashDiffers()
    {
        var run = await StoreRunAsync();
        var victim = run.Entries[0];
        var blob = (await fixture.Container.GetPropertiesAsync(victim.BlobName!, CancellationToken.None))!;
        var tampered = run.Content[victim.BlobName!].ToArray();
        tampered[^1] ^= 0xFF;
        await fixture.Container.UploadAsync(victim.BlobName!, tampered, new BlobUploadOptions { Metadata = blob.Metadata.ToDictionary() }, CancellationToken.None);

        var report = await CreateSut().VerifyAsync("latest", null, CancellationToken.None);

        var finding = Assert.Single(report.Findings);
        Assert.Equal((VerificationProblem.HashDiffers, victim.Path), (finding.Problem, finding.Path));
        Assert.Contains(victim.Sha256!, finding.Detail, StringComparison.Ordinal);
        Assert.False(report.Succeeded);
    }

    [Fact]
    public async Task VerifyAsync_DeletedTruncatedAndReplacedBlobs_ReportsEachProblem()
    {
        var run = await StoreRunAsync();
        var (deleted, truncated, replaced) = (run.Entries[0], run.Entries[1], run.Entries[2]);
        await fixture.Container.DeleteIfExistsAsync(deleted.BlobName!, CancellationToken.None);
        await fixture.Container.UploadAsync(truncated.BlobName!, run.Content[truncated.BlobName!].AsMemory(0, 10), null, CancellationToken.None);
        var newer = StoredRun.Create(fixture.Container);
        await newer.AddStoredAsync(replaced.BlobName!.Split('/', 2)[1], run.Content[replaced.BlobName].Length, seed: 99, projectName: run.Project);

        var report = await CreateSut().VerifyAsync(run.RunId, null, CancellationToken.None);

        Assert.Equal(
            [(deleted.Path, VerificationProblem.Missing), (truncated.Path, VerificationProblem.LengthDiffers), (replaced.Path, VerificationProblem.VersionDiffers)],
            report.Findings.Select(f => (f.Path, f.Problem)).OrderBy(f => f.Path, StringComparer.Ordinal));
    }

    [Fact]
    public async Task VerifyAsync_StoredEntryWithoutHash_ReportsEntryIncomplete()
    {
        var run = StoredRun.Create(fixture.Container);
        var stored = await run.AddStoredAsync("a.txt", 100, seed: 1);
        run.Add(stored with { Path = stored.Path + "-copy", Sha256 = null });
        await run.WriteManifestAsync();

        var report = await CreateSut().VerifyAsync(run.RunId, null, CancellationToken.None);

        var finding = Assert.Single(report.Findings);
        Assert.Equal(VerificationProblem.EntryIncomplete, finding.Problem);
    }

    [Fact]
    public async Task VerifyAsync_SizeOnlyEntries_LengthProvenAndCountedApart()
    {
        var run = StoredRun.Create(fixture.Container);
        await run.AddStoredAsync("server/a.rvt", 3_000, seed: 11);
        await run.AddStoredAsync("server/b.rvt", 4_000, seed: 12);
        await run.AddStoredAsync("streamed.pdf", 500, seed: 13);
        var (intact, truncated) = (run.MarkSizeOnly(0), run.MarkSizeOnly(1));
        await run.WriteManifestAsync();
        var blob = (await fixture.Container.GetPropertiesAsync(truncated.BlobName!, CancellationToken.None))!;
        await fixture.Container.UploadAsync(
            truncated.BlobName!, run.Content[truncated.BlobName!].AsMemory(0, 10), new BlobUploadOptions { Metadata = blob.Metadata.ToDictionary() }, CancellationToken.None);

        var report = await CreateSut().VerifyAsync(run.RunId, null, CancellationToken.None);

        var finding = Assert.Single(report.Findings);
        Assert.Equal((VerificationProblem.LengthDiffers, truncated.Path), (finding.Problem, finding.Path));
        Assert.DoesNotContain(report.Findings, f => f.Path == intact.Path);
        Assert.Equal((3, 2), (report.Checked, report.SizeOnly));
    }

    [Fact]
    public void SizeOnlyVerification_IsTheWordTheCopyEngineRecords() =>
        Assert.Equal(CopyMethods.SizeOnly, ManifestEntry.SizeOnlyVerification);

    [Fact]
    public async Task VerifyAsync_Progress_ReportsEveryCheckedFile()
    {
        var run = await StoreRunAsync();
        var reports = new List<VerificationProgress>();

        await CreateSut().VerifyAsync(run.RunId, new SyncProgress<VerificationProgress>(reports.Add), CancellationToken.None, parallelism: 1);

        Assert.Equal([1, 2, 3], reports.Select(r => r.Checked));
        Assert.All(reports, r => Assert.Equal(3, r.Total));
    }

    private RunVerifier CreateSut() => new(fixture.Container, new ManifestReader(fixture.Container, fixture.Container));

    // Three stored files, one without content and one that failed: only the stored three are checked.
    private async Task<StoredRun> StoreRunAsync()
    {
        var run = StoredRun.Create(fixture.Container);
        await run.AddStoredAsync("Project Files/a.rvt", 5_000, seed: 1);
        await run.AddStoredAsync("Project Files/sub/b.pdf", 70_000, seed: 2);
        await run.AddStoredAsync("empty.txt", 0, seed: 3);
        run.Add(new ManifestEntry("b.x", run.Project, run.Project + "/sheet", "urn:item:s", "urn:v:s", 1, null, null, null, null, ManifestStatus.NoContent, "no storage"));
        run.Add(new ManifestEntry("b.x", run.Project, run.Project + "/broken.dwg", "urn:item:f", "urn:v:f", 1, 10, null, null, run.Project + "/broken.dwg", ManifestStatus.Failed, "download failed"));
        await run.WriteManifestAsync();
        return run;
    }
}

/// <summary>Reports on the calling thread (Progress&lt;T&gt; posts to the thread pool, so its order is not the calls').</summary>
internal sealed class SyncProgress<T>(Action<T> report) : IProgress<T>
{
    public void Report(T value) => report(value);
}
