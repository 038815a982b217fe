using System.Text;
using AccBackup.Backup.Copying;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccEmulator;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Backup.Copying;

/// <summary>Which size APS stated the stored bytes are checked against: the listing's <c>storageSize</c>, or, where the listing
/// omits it (as APS's reference examples of versions do), the size signeds3download states; the manifest says which.</summary>
public sealed class BlobCopierSizeReferenceTests
{
    private const string Drift = "/drift.bin";

    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task RunAsync_StorageSizeOmitted_DriftStoredAndFlaggedAgainstTheSignedDownloadInJsonAndCsv()
    {
        // Arrange: no version carries storageSize; signeds3download states drift.bin's 10,517 bytes, the object has 10,000.
        await using var host = await CopyEngineHost.StartAsync(Demo with { OmitStorageSize = true });
        var runner = host.Services.GetRequiredService<BackupRunner>();

        // Act
        await runner.RunAsync(new BackupRunRequest(RunId: "omitted-1"), null, CancellationToken.None);
        await runner.RunAsync(new BackupRunRequest(RunId: "omitted-2", FullRescan: true), null, CancellationToken.None);

        // Assert: stored, flagged, and the reference named, in the run that copied it and the run that found it stored.
        var reader = host.Services.GetRequiredService<ManifestReader>();
        foreach (var (runId, status) in new[] { ("omitted-1", ManifestStatus.Copied), ("omitted-2", ManifestStatus.Unchanged) })
        {
            var manifest = await reader.ReadAsync(runId, CancellationToken.None);
            var drift = Assert.Single(manifest.Files, e => e.Path.EndsWith(Drift, StringComparison.Ordinal));
            Assert.Equal((status, 10_517L, 10_000L, SizeReferences.SignedDownload, true), (drift.Status, drift.ApiSize!.Value, drift.StoredSize!.Value, drift.SizeReference, drift.SizeMismatch));
            var mismatch = Assert.Single(manifest.Summary.SizeMismatches);
            Assert.Equal((10_517L, SizeReferences.SignedDownload), (mismatch.ApiSize, mismatch.SizeReference));
            var stored = manifest.Files.Where(e => e.StoredSize > 0 && !e.Path.EndsWith(Drift, StringComparison.Ordinal)).ToList();
            Assert.All(stored, e => Assert.Equal((SizeReferences.SignedDownload, e.StoredSize), (e.SizeReference, e.ApiSize)));
        }

        var csv = await CsvAsync(host, "omitted-1");
        Assert.Contains(",apiSize,storedSize,sizeMismatch,sizeReference,sha256,", csv[0], StringComparison.Ordinal);
        Assert.Contains($"{Drift},", Assert.Single(csv, row => row.Contains(",10517,10000,true,signedDownload,", StringComparison.Ordinal)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_StorageSizeListed_DriftFlaggedAgainstTheListing()
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);

        await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "listed"), null, CancellationToken.None);

        var manifest = await host.Services.GetRequiredService<ManifestReader>().ReadAsync("listed", CancellationToken.None);
        var drift = Assert.Single(manifest.Files, e => e.Path.EndsWith(Drift, StringComparison.Ordinal));
        Assert.Equal((10_517L, 10_000L, SizeReferences.Aps, true), (drift.ApiSize!.Value, drift.StoredSize!.Value, drift.SizeReference, drift.SizeMismatch));
        Assert.Equal(SizeReferences.Aps, Assert.Single(manifest.Summary.SizeMismatches).SizeReference);
        Assert.Contains(",10517,10000,true,aps,", Assert.Single(await CsvAsync(host, "listed"), row => row.Contains($"{Drift},", StringComparison.Ordinal)), StringComparison.Ordinal);
    }

    private static async Task<string[]> CsvAsync(CopyEngineHost host, string runId)
    {
        await using var stream = await host.Container.OpenReadAsync(RunLayout.Csv(runId), null, null, CancellationToken.None);
        using var text = new StreamReader(stream, Encoding.UTF8);
        return (await text.ReadToEndAsync()).TrimStart('\uFEFF').Split("\r\n");
    }
}
