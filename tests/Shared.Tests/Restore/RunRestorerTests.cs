using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Restore;
using AccBackup.Tests.Storage;
using AccBackup.Tests.Verification;

namespace AccBackup.Tests.Restore;

public sealed class RunRestorerTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>, IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-restore-").FullName;

    private string Destination => Path.Combine(scratch, "out");

    [Fact]
    public async Task RestoreAsync_WholeRun_WritesEveryStoredFileWithItsBytes()
    {
        var run = await StoreRunAsync();

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        Assert.True(report.Succeeded, string.Join("; ", report.Failures));
        Assert.Equal((3, 3), (report.Selected, report.Restored));
        foreach (var (blobName, bytes) in run.Content)
        {
            Assert.Equal(bytes, await File.ReadAllBytesAsync(Path.Combine(Destination, blobName)));
        }

        Assert.Equal(3, Directory.GetFiles(Destination, "*", SearchOption.AllDirectories).Length);
    }

    [Fact]
    public async Task RestoreAsync_SizeOnlyEntry_WrittenWhenItsLengthMatches()
    {
        var run = StoredRun.Create(fixture.Container);
        await run.AddStoredAsync("server/a.rvt", 3_000, seed: 21);
        var entry = run.MarkSizeOnly(0);
        await run.WriteManifestAsync();

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        Assert.True(report.Succeeded, string.Join("; ", report.Failures));
        Assert.Equal(run.Content[entry.BlobName!], await File.ReadAllBytesAsync(Path.Combine(Destination, entry.BlobName!)));
    }

    [Fact]
    public async Task RestoreAsync_ExistingDifferentFile_KeptAndReportedAsSkipped()
    {
        var run = await StoreRunAsync();
        var entry = run.Entries[0];
        var target = await WriteLocalAsync(entry.BlobName!, "mine");

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        Assert.False(report.Succeeded);
        var skipped = Assert.Single(report.Skipped);
        Assert.Equal(entry.Path, skipped.Path);
        Assert.Contains("--overwrite", skipped.Reason, StringComparison.Ordinal);
        Assert.Equal((2, 0, 0), (report.Restored, report.Overwritten, report.Failures.Count));
        Assert.Equal("mine", await File.ReadAllTextAsync(target));
        Assert.Empty(Directory.GetFiles(Destination, "*.partial", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task RestoreAsync_ExistingDifferentFileWithOverwrite_ReplacedAndCounted()
    {
        var run = await StoreRunAsync();
        var target = await WriteLocalAsync(run.Entries[0].BlobName!, "old");

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination, Overwrite: true), null, CancellationToken.None);

        Assert.True(report.Succeeded, string.Join("; ", report.Failures));
        Assert.Equal((3, 1), (report.Restored, report.Overwritten));
        Assert.Empty(report.Skipped);
        Assert.Equal(run.Content[run.Entries[0].BlobName!], await File.ReadAllBytesAsync(target));
    }

    [Fact]
    public async Task RestoreAsync_ExistingIdenticalFile_CountedPresentNotAConflict()
    {
        var run = await StoreRunAsync();
        var blobName = run.Entries[1].BlobName!;
        var target = Path.Combine(Destination, blobName);
        Directory.CreateDirectory(Path.GetDirectoryName(target)!);
        await File.WriteAllBytesAsync(target, run.Content[blobName]);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        Assert.True(report.Succeeded, string.Join("; ", report.Skipped.Concat(report.Failures)));
        Assert.Equal((2, 1, 0), (report.Restored, report.AlreadyPresent, report.Overwritten));
    }

    [Fact]
    public async Task RestoreAsync_BlobNamesEscapingTheFolder_RefusedAndNothingWrittenOutside()
    {
        var run = StoredRun.Create(fixture.Container);
        var good = await run.AddStoredAsync("inside.txt", 100, seed: 1);
        foreach (var hostile in new[] { "../escape.txt", $"{run.Project}/../../escape.txt", "/tmp/escape.txt", "a//b.txt" })
        {
            run.Add(good with { Path = hostile, BlobName = hostile });
        }

        await run.WriteManifestAsync();

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        Assert.Equal(1, report.Restored);
        Assert.Equal(4, report.Failures.Count);
        Assert.All(report.Failures, f => Assert.Contains("restore folder", f.Reason, StringComparison.Ordinal));
        Assert.False(File.Exists(Path.Combine(scratch, "escape.txt")));
        Assert.Equal([Path.Combine(Destination, good.BlobName!)], Directory.GetFiles(scratch, "*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task RestoreAsync_FolderIsSymbolicLinkOutside_RefusesToWriteThroughIt()
    {
        var run = StoredRun.Create(fixture.Container);
        await run.AddStoredAsync("linked/file.txt", 100, seed: 1);
        await run.WriteManifestAsync();
        var outside = Directory.CreateDirectory(Path.Combine(scratch, "outside")).FullName;
        Directory.CreateDirectory(Path.Combine(Destination, run.Project));
        Directory.CreateSymbolicLink(Path.Combine(Destination, run.Project, "linked"), outside);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        var failure = Assert.Single(report.Failures);
        Assert.Contains("symbolic link", failure.Reason, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(outside));
    }

    [Fact]
    public async Task RestoreAsync_LinkedFolderAboveDeeperFolders_CreatesNothingOutside()
    {
        var run = StoredRun.Create(fixture.Container);
        await run.AddStoredAsync("linked/deep/er/file.txt", 100, seed: 1);
        await run.AddStoredAsync("plain/file.txt", 100, seed: 2);
        await run.WriteManifestAsync();
        var outside = Directory.CreateDirectory(Path.Combine(scratch, "outside")).FullName;
        Directory.CreateDirectory(Path.Combine(Destination, run.Project));
        Directory.CreateSymbolicLink(Path.Combine(Destination, run.Project, "linked"), outside);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination, Overwrite: true), null, CancellationToken.None);

        var failure = Assert.Single(report.Failures);
        Assert.Contains("symbolic link", failure.Reason, StringComparison.Ordinal);
        Assert.Equal(1, report.Restored);
        Assert.Empty(Directory.GetFileSystemEntries(outside));
    }

    [Fact]
    public async Task RestoreAsync_TargetFileIsSymbolicLinkOutside_RefusedEvenWithOverwrite()
    {
        var run = StoredRun.Create(fixture.Container);
        var entry = await run.AddStoredAsync("file.txt", 100, seed: 1);
        await run.WriteManifestAsync();
        var victim = Path.Combine(Directory.CreateDirectory(Path.Combine(scratch, "outside")).FullName, "victim.txt");
        await File.WriteAllTextAsync(victim, "keep");
        Directory.CreateDirectory(Path.Combine(Destination, run.Project));
        File.CreateSymbolicLink(Path.Combine(Destination, entry.BlobName!), victim);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination, Overwrite: true), null, CancellationToken.None);

        var failure = Assert.Single(report.Failures);
        Assert.Contains("symbolic link", failure.Reason, StringComparison.Ordinal);
        Assert.Equal("keep", await File.ReadAllTextAsync(victim));
        Assert.Equal(0, report.Overwritten);
    }

    [Fact]
    public async Task RestoreAsync_TamperedBlob_FailsThatFileAndLeavesNoFileOrPartial()
    {
        var run = await StoreRunAsync();
        var victim = run.Entries[1];
        var tampered = run.Content[victim.BlobName!].ToArray();
        tampered[0] ^= 0xFF;
        await fixture.Container.UploadAsync(victim.BlobName!, tampered, null, CancellationToken.None);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        var failure = Assert.Single(report.Failures);
        Assert.Equal(victim.Path, failure.Path);
        Assert.Contains("differ from the manifest", failure.Reason, StringComparison.Ordinal);
        Assert.Equal(2, report.Restored);
        Assert.False(File.Exists(Path.Combine(Destination, victim.BlobName!)));
        Assert.Empty(Directory.GetFiles(Destination, "*.partial", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task RestoreAsync_LargeFile_ReadInRangesAndWrittenWithItsBytes()
    {
        var run = StoredRun.Create(fixture.Container);
        var large = await run.AddStoredAsync("Project Files/large.rvt", (int)RangedBlobDownload.MinimumBytes + 1_000, seed: 11);
        await run.AddStoredAsync("Project Files/small.pdf", 1_000, seed: 12);
        await run.WriteManifestAsync();

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        Assert.True(report.Succeeded, string.Join("; ", report.Failures));
        Assert.Equal(run.Content[large.BlobName!], await File.ReadAllBytesAsync(Path.Combine(Destination, large.BlobName!)));
        Assert.Equal(2, Directory.GetFiles(Destination, "*", SearchOption.AllDirectories).Length);
    }

    [Fact]
    public async Task RestoreAsync_TamperedLargeBlobOfTheSameLength_FailsAndLeavesNoFileOrPartial()
    {
        var run = StoredRun.Create(fixture.Container);
        var large = await run.AddStoredAsync("large.rvt", (int)RangedBlobDownload.MinimumBytes + 1_000, seed: 13);
        await run.WriteManifestAsync();
        var tampered = run.Content[large.BlobName!].ToArray();
        tampered[RangedBlobDownload.RangeBytes + 7] ^= 0xFF;
        await fixture.Container.UploadAsync(large.BlobName!, tampered, null, CancellationToken.None);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        var failure = Assert.Single(report.Failures);
        Assert.Contains("differ from the manifest", failure.Reason, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(Destination, "*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task RestoreAsync_LargeBlobLongerThanTheManifestSays_FailsWithTheLengthReadWhole()
    {
        var run = StoredRun.Create(fixture.Container);
        var large = await run.AddStoredAsync("large.rvt", (int)RangedBlobDownload.MinimumBytes + 1_000, seed: 14);
        await run.WriteManifestAsync();
        var longer = run.Content[large.BlobName!].Concat(new byte[] { 1, 2, 3 }).ToArray();
        await fixture.Container.UploadAsync(large.BlobName!, longer, null, CancellationToken.None);

        var report = await CreateSut().RestoreAsync(new RestoreRequest(run.RunId, Destination), null, CancellationToken.None);

        var failure = Assert.Single(report.Failures);
        Assert.Contains($"read {longer.Length} bytes", failure.Reason, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(Destination, "*", SearchOption.AllDirectories));
    }

    [Fact]
    public async Task RestoreAsync_ProjectAndPathPrefix_RestoresOnlyTheSelectedFiles()
    {
        var run = await StoreRunAsync(run => run.AddStoredAsync("Project Files/other.txt", 10, seed: 9, projectName: run.Project + "-other"));

        var report = await CreateSut().RestoreAsync(
            new RestoreRequest(run.RunId, Destination, Project: run.Project.ToUpperInvariant(), PathPrefix: "project files/"), null, CancellationToken.None);

        Assert.True(report.Succeeded);
        Assert.Equal(2, report.Restored);
        Assert.Equal(
            [$"{run.Project}/Project Files/a.rvt", $"{run.Project}/Project Files/sub/b.pdf"],
            Directory.GetFiles(Destination, "*", SearchOption.AllDirectories).Select(f => Path.GetRelativePath(Destination, f)).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task RestoreAsync_VersionAtAPathHeldByADeletedFilesCopyAndByTheFileMadeThereSince_RestoresTheAccountsFile()
    {
        // Model.rvt deleted in ACC at version 1 (its copy kept), then a new Model.rvt uploaded there: version 1 again.
        var run = StoredRun.Create(fixture.Container);
        var place = run.Project + "/Project Files/Model.rvt";
        var old = await run.AddStoredAsync("Project Files/Model.old.rvt", 2_000, seed: 31);
        run.Add(run.Entries[0] with { Path = place, Place = place, Status = ManifestStatus.Deleted, SinceRun = run.RunId });
        var current = await run.AddStoredAsync("Project Files/Model.rvt", 3_000, seed: 32);
        await run.WriteManifestAsync();

        var report = await CreateSut().RestoreAsync(new RestoreRequest("latest", Destination, PathPrefix: place, Version: 1), null, CancellationToken.None);

        Assert.True(report.Succeeded, string.Join("; ", report.Failures.Concat(report.Skipped)));
        Assert.Equal((run.RunId, 1, 1), (report.RunId, report.Selected, report.Restored));
        Assert.Equal(run.Content[current.BlobName!], await File.ReadAllBytesAsync(Path.Combine(Destination, place)));
        Assert.NotEqual(run.Content[old.BlobName!], run.Content[current.BlobName!]);
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private async Task<string> WriteLocalAsync(string blobName, string text)
    {
        var target = Path.Combine(Destination, blobName);
        Directory.CreateDirectory(Path.GetDirectoryName(target)!);
        await File.WriteAllTextAsync(target, text);
        return target;
    }

    private RunRestorer CreateSut() => new(fixture.Container, new ManifestReader(fixture.Container, fixture.Container));

    /// <summary>A run of a few stored files (and <paramref name="more"/>), its manifest written once as every run's is.</summary>
    private async Task<StoredRun> StoreRunAsync(Func<StoredRun, Task>? more = null)
    {
        var run = StoredRun.Create(fixture.Container);
        if (more is not null)
        {
            await more(run);
        }

        await run.AddStoredAsync("Project Files/a.rvt", 5_000, seed: 1);
        await run.AddStoredAsync("Project Files/sub/b.pdf", 300_000, seed: 2);
        await run.AddStoredAsync("empty.txt", 0, seed: 3);
        run.Add(new ManifestEntry("b.x", run.Project, run.Project + "/broken.dwg", "urn:item:f", "urn:v:f", 1, 10, null, null, run.Project + "/broken.dwg", ManifestStatus.Failed, "download failed"));
        await run.WriteManifestAsync();
        return run;
    }
}
