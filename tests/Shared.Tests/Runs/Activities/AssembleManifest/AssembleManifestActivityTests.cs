using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Backup.Settings;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.State;
using AccBackup.Storage;
using AccBackup.Testing;
using AccBackup.Tests.Storage;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Runs.Activities;

/// <summary>The fan-in on real Azurite, every blob read counted: each chunk is read once, the base run's manifest once.</summary>
public sealed class AssembleManifestActivityTests : IAsyncLifetime, IDisposable
{
    private const string Project = "b.project-1";
    private static readonly DateTimeOffset Start = new(2026, 11, 22, 2, 0, 0, TimeSpan.Zero);
    private readonly BlobReadCounter counter = new();
    private BlobContainer container = null!;

    [Fact]
    public async Task WriteAsync_ChunksAndBaseRun_ReadsEachOnceAndRecordsHistory()
    {
        var blobs = new NdjsonBlobs(container);
        await WriteManifestAsync("base-1", Copied("item-a", "P/a.bin"), Copied("item-b", "P/b.bin"), Copied("item-c", "P/c-old.bin"));
        var copiedChunk = RunLayout.InventoryChunk("night-2", "p0001-w0001", 0);
        await blobs.WriteAsync(copiedChunk, [Record("item-a", "P/a.bin"), Record("item-c", "P/c-new.bin"), Record("item-d", "P/d.bin")], RunJsonContext.Default.InventoryRecord, CancellationToken.None);
        await blobs.WriteAsync(RunLayout.Results(copiedChunk), [Copied("item-a", "P/a.bin") with { Status = ManifestStatus.Unchanged }, Copied("item-c", "P/c-new.bin"), Copied("item-d", "P/d.bin")], RunJsonContext.Default.ManifestEntry, CancellationToken.None);
        var unfinishedChunk = RunLayout.InventoryChunk("night-2", "p0001-w0002", 0);
        await blobs.WriteAsync(unfinishedChunk, [Record("item-e", "P/e.bin")], RunJsonContext.Default.InventoryRecord, CancellationToken.None);

        var written = await CreateSut(blobs).WriteAsync(Input("night-2", latestRunId: "base-1"), CancellationToken.None);

        Assert.Equal(1, counter.ReadsOf(RunLayout.Results(copiedChunk)));
        Assert.Equal(0, counter.ReadsOf(copiedChunk));
        Assert.Equal(1, counter.ReadsOf(RunLayout.Results(unfinishedChunk)));
        Assert.Equal(1, counter.ReadsOf(unfinishedChunk));
        Assert.Equal(1, counter.ReadsOf(RunLayout.Json("base-1")));
        Assert.Equal(4, counter.Reads.Count);
        var manifest = await new ManifestReader(container, container).ReadAsync("night-2", CancellationToken.None);
        var statuses = manifest.Files.Select(f => (f.ItemId, f.Path, f.Status)).ToList();
        Assert.Equal(
            [("item-a", "P/a.bin", ManifestStatus.Unchanged), ("item-c", "P/c-new.bin", ManifestStatus.Copied), ("item-d", "P/d.bin", ManifestStatus.Copied),
             ("item-e", "P/e.bin", ManifestStatus.Failed), ("item-b", "P/b.bin", ManifestStatus.Deleted), ("item-c", "P/c-old.bin", ManifestStatus.Moved)],
            statuses);
        Assert.Equal(AssembleManifestActivity.NotCopiedReason, manifest.Files.Single(f => f.ItemId == "item-e").Error);
        Assert.Equivalent(written.Summary, manifest.Summary, strict: true);
        Assert.Equal((4L, 2L, 1L, 1L, 1L, 1L), (manifest.Summary.Files, manifest.Summary.Copied, manifest.Summary.Unchanged, manifest.Summary.Failed, manifest.Summary.Deleted, manifest.Summary.Moved));
        Assert.Equal(Start.AddMinutes(5), manifest.Summary.FinishedAt);
    }

    [Fact]
    public async Task WriteAsync_ManifestOfManyBlocks_SummaryFirstThenEveryEntryInOrder()
    {
        // 20,000 files make a JSON manifest of about 8 MiB and a CSV of about 6 MiB: more than one staged block each.
        var blobs = new NdjsonBlobs(container);
        const int Chunks = 80;
        for (var chunk = 0; chunk < Chunks; chunk++)
        {
            var name = RunLayout.InventoryChunk("big-1", $"p0001-w{chunk:D4}", 0);
            var results = Enumerable.Range(chunk * 250, 250).Select(i => Copied($"item-{i:D6}", $"P/Project Files/Architecture/folder {i % 97}/file {i:D6}.rvt")).ToList();
            await blobs.WriteAsync(name, [], RunJsonContext.Default.InventoryRecord, CancellationToken.None);
            await blobs.WriteAsync(RunLayout.Results(name), results, RunJsonContext.Default.ManifestEntry, CancellationToken.None);
        }

        var written = await CreateSut(blobs).WriteAsync(Input("big-1", latestRunId: null), CancellationToken.None);

        Assert.Equal(Chunks, counter.Reads.Count);
        Assert.All(counter.Reads.Values, n => Assert.Equal(1, n));
        foreach (var file in new[] { written.Manifest, written.Csv })
        {
            var stored = await container.GetPropertiesAsync(file, CancellationToken.None);
            Assert.InRange(stored!.Length, BlobContainer.DefaultStreamBlockSize + 1, long.MaxValue);
        }

        var head = await ReadAsync(written.Manifest, ManifestHeadReader.HeadBytes);
        Assert.Equivalent(written.Summary, ManifestHeadReader.TryReadSummary(head, isFinalBlock: false), strict: true);
        var manifest = await new ManifestReader(container, container).ReadAsync("big-1", CancellationToken.None);
        Assert.Equal(Enumerable.Range(0, Chunks * 250).Select(i => $"item-{i:D6}"), manifest.Files.Select(f => f.ItemId));
        Assert.Equal(Chunks * 250L, manifest.Summary.Copied);
        var csv = System.Text.Encoding.UTF8.GetString(await ReadAsync(written.Csv, int.MaxValue)).Split("\r\n");
        Assert.Equal((Chunks * 250) + 2, csv.Length);
        Assert.StartsWith("\uFEFFstatus,path,", csv[0], StringComparison.Ordinal);
        Assert.StartsWith("copied,P/Project Files/Architecture/folder 0/file 000000.rvt,", csv[1], StringComparison.Ordinal);
        Assert.StartsWith($"copied,P/Project Files/Architecture/folder {((Chunks * 250) - 1) % 97}/file {(Chunks * 250) - 1:D6}.rvt,", csv[^2], StringComparison.Ordinal);
        Assert.Equal(string.Empty, csv[^1]);
    }

    public async Task InitializeAsync()
    {
        var azurite = await AzuriteServer.GetAsync();
        container = new BlobContainer(
            AzuriteContainerFixture.OptionsFor(azurite, AzuriteContainerFixture.NewContainerName()), counter, BlobRetrySettings.Default, NullLogger<BlobContainer>.Instance);
        await container.CreateIfNotExistsAsync(CancellationToken.None);
    }

    public Task DisposeAsync() => Task.CompletedTask;

    public void Dispose()
    {
        // The container's transport owns the counter: disposing it releases both.
        container?.Dispose();
        counter.Dispose();
    }

    private AssembleManifestActivity CreateSut(NdjsonBlobs blobs)
    {
        var manifests = new ManifestReader(container, container);
        return new AssembleManifestActivity(
            container, blobs, new ManifestWriter(container, container), new PreviousRunStateStore(container, blobs, manifests),
            new TransferSlots(Microsoft.Extensions.Options.Options.Create(new CopyOptions())), new FakeTimeProvider(Start.AddMinutes(5)),
            NullLogger<AssembleManifestActivity>.Instance, NullLoggerFactory.Instance);
    }

    private static AssembleManifestInput Input(string runId, string? latestRunId) =>
        new(runId, Start, 1, 10, [], [Project], "full", latestRunId, Start, DryRun: false, latestRunId);

    private static ManifestEntry Copied(string itemId, string path) =>
        new(Project, "P", path, itemId, itemId + "?version=1", 1, 100, 100, new string('a', 64), path, ManifestStatus.Copied, null);

    private static InventoryRecord Record(string itemId, string path) =>
        new(Project, "P", itemId, itemId + "?version=1", 1, 100, "wip.dm.prod", "key-" + itemId, path, path, Start, "items:autodesk.bim360:File");

    private async Task WriteManifestAsync(string runId, params ManifestEntry[] entries)
    {
        var summary = new ManifestSummaryBuilder(runId, Start.AddDays(-1));
        foreach (var entry in entries)
        {
            summary.Add(entry);
        }

        await new ManifestWriter(container, container).WriteAsync(summary.Build(Start.AddDays(-1).AddMinutes(5)), () => entries.ToAsyncEnumerable(), CancellationToken.None);
    }

    private async Task<byte[]> ReadAsync(string blobName, int length)
    {
        var size = (await container.GetPropertiesAsync(blobName, CancellationToken.None))!.Length;
        await using var stream = await container.OpenReadAsync(blobName, 0, Math.Min(size, length), CancellationToken.None);
        using var copy = new MemoryStream();
        await stream.CopyToAsync(copy);
        return copy.ToArray();
    }
}
