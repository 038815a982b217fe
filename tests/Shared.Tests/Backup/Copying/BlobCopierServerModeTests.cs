using System.Security.Cryptography;
using System.Text;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Testing;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using AccEmulator.ServerCopy;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Backup.Copying;

/// <summary>Copy:Mode = server against Azurite 3.37: Put Block From URL from the emulator's objects kept in the same Azurite,
/// and the fall-back to streaming when the source is the emulator's own URL, which Azurite refuses.</summary>
public sealed class BlobCopierServerModeTests
{
    private static readonly Dictionary<string, string?> ServerMode = new()
    {
        ["Copy:Mode"] = "server",

        // Small blocks so the demo's files take several Put Block From URL requests each.
        ["Copy:ServerBlockSizeBytes"] = "16384",
    };

    [Fact]
    public async Task CopyAsync_ServerModeSourcesInSameAzurite_EveryFileCopiedByTheServiceNoByteThroughTheWorker()
    {
        await using var host = await CopyEngineHost.StartAsync(await WithObjectsInAzuriteAsync(), ServerMode);

        var (outcomes, withoutContent) = await BlobCopierTests.BackUpAsync(host);

        Assert.All(outcomes, o => Assert.Null(o.Error));
        var withBytes = outcomes.Where(o => o.StoredBytes > 0).ToList();
        Assert.True(withBytes.Count > 200, $"only {withBytes.Count} files with bytes");
        Assert.All(withBytes, o => Assert.Equal((CopyMethods.Server, CopyMethods.SizeOnly, (string?)null), (o.Transfer, o.Verification, o.Sha256)));
        Assert.All(outcomes.Where(o => o.StoredBytes == 0), o => Assert.Equal((CopyMethods.Stream, CopyMethods.Sha256AndApsSha1), (o.Transfer, o.Verification)));
        Assert.Equal(0, host.Emulator.GetStats().ContentBytesServed);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Download));
        Assert.DoesNotContain(host.Logs.Lines, line => line.Contains("sig=", StringComparison.OrdinalIgnoreCase)); // the SAS never reaches a log
        await AssertStoredBytesMatchTruthAsync(host, outcomes, withoutContent);
    }

    [Fact]
    public async Task CopyAsync_ServerModeSecondRun_SizeVerifiedCopiesUnchangedAndNothingStaged()
    {
        await using var host = await CopyEngineHost.StartAsync(await WithObjectsInAzuriteAsync(), ServerMode);
        await BlobCopierTests.BackUpAsync(host);
        host.Emulator.ResetStats();

        var (outcomes, _) = await BlobCopierTests.BackUpAsync(host);

        Assert.All(outcomes, o => Assert.Equal(FileCopyStatus.Unchanged, o.Status));
        Assert.All(outcomes.Where(o => o.StoredBytes > 0), o => Assert.Equal((CopyMethods.Server, CopyMethods.SizeOnly), (o.Transfer, o.Verification)));
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Oss));
    }

    [Fact]
    public async Task CopyAsync_ServerModeAgainstEmulatorsOwnUrls_EveryFileFallsBackToStreamAndVerifies()
    {
        await using var host = await CopyEngineHost.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ServerMode);

        var (outcomes, withoutContent) = await BlobCopierTests.BackUpAsync(host);

        Assert.All(outcomes, o => Assert.Null(o.Error));
        Assert.All(outcomes.Where(o => o.StoredBytes > 0), o => Assert.Equal(CopyMethods.StreamFallback, o.Transfer));
        Assert.All(outcomes, o => Assert.StartsWith(CopyMethods.Sha256, o.Verification, StringComparison.Ordinal));
        Assert.Contains(host.Logs.Lines, line => line.Contains("CannotVerifyCopySource", StringComparison.Ordinal));
        await BlobCopierTests.AssertMatchesTruthAsync(host, outcomes, withoutContent);
    }

    [Fact]
    public async Task CopyAsync_ServerModeNewVersionOfStoredFile_StoresItInANewBlob()
    {
        await using var host = await CopyEngineHost.StartAsync(await WithObjectsInAzuriteAsync(), ServerMode);
        var (first, _) = await BlobCopierTests.BackUpAsync(host);
        var target = first.First(o => o.Request.SourcePath.EndsWith(".pdf", StringComparison.Ordinal) && o.StoredBytes > 0);
        host.Emulator.Mutations.ChangeFile(target.Request.ItemId, 40_000);

        var (second, withoutContent) = await BlobCopierTests.BackUpAsync(host);

        var changed = Assert.Single(second, o => o.Status == FileCopyStatus.Copied);
        Assert.Equal((target.Request.ItemId, CopyMethods.Server, 40_000L), (changed.Request.ItemId, changed.Transfer, changed.StoredBytes));
        await AssertStoredBytesMatchTruthAsync(host, second, withoutContent);
    }

    [Fact]
    public async Task RunAsync_ServerMode_ManifestJsonAndCsvSayHowEachFileWasMovedAndChecked()
    {
        await using var host = await CopyEngineHost.StartAsync(await WithObjectsInAzuriteAsync(), ServerMode);

        await host.Services.GetRequiredService<BackupRunner>().RunAsync(new BackupRunRequest(RunId: "server-night"), null, CancellationToken.None);

        var files = (await host.Services.GetRequiredService<ManifestReader>().ReadAsync("server-night", CancellationToken.None)).Files;
        var copied = files.Where(e => e.Status == ManifestStatus.Copied && e.StoredSize > 0).ToList();
        Assert.True(copied.Count > 200, $"only {copied.Count} copied files with bytes");
        Assert.All(copied, e => Assert.Equal(("size", "server", (string?)null), (e.Verification, e.Transfer, e.Sha256)));
        var csv = Encoding.UTF8.GetString(await ReadAllAsync(host, RunLayout.Csv("server-night"))).TrimStart('\uFEFF').Split("\r\n");
        Assert.EndsWith(",error,verification,transfer", csv[0], StringComparison.Ordinal);
        Assert.Equal(copied.Count, csv.Count(row => row.EndsWith(",size,server", StringComparison.Ordinal)));
    }

    internal static async Task<EmulatorOptions> WithObjectsInAzuriteAsync(long? extraLargeFileBytes = null)
    {
        var azurite = await AzuriteServer.GetAsync();
        return new EmulatorOptions
        {
            Dataset = EmulatorDatasets.Demo,
            Quotas = QuotaOptions.Disabled,
            ExtraLargeFileBytes = extraLargeFileBytes,
            ServerCopy = new ServerCopyOptions { ConnectionString = azurite.ConnectionString, UploadAtStart = extraLargeFileBytes is not null },
        };
    }

    private static async Task<byte[]> ReadAllAsync(CopyEngineHost host, string blobName)
    {
        await using var stream = await host.Container.OpenReadAsync(blobName, null, null, CancellationToken.None);
        using var copy = new MemoryStream();
        await stream.CopyToAsync(copy);
        return copy.ToArray();
    }

    /// <summary>Every stored blob, read back and hashed here, equals the bytes the emulator serves (the copier never saw them).</summary>
    private static async Task AssertStoredBytesMatchTruthAsync(CopyEngineHost host, IReadOnlyList<FileCopyResult> outcomes, IReadOnlyList<InventoryRecord> withoutContent)
    {
        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None);
        var byItem = outcomes.ToDictionary(o => o.Request.ItemId);
        foreach (var file in truth.Where(f => f.HasStorage))
        {
            var outcome = byItem[file.ItemId];
            Assert.Equal(file.VersionId, outcome.Request.VersionId);
            await using var stored = await host.Container.OpenReadAsync(outcome.Request.BlobName, null, null, CancellationToken.None);
            Assert.True(file.Sha256 == Convert.ToHexStringLower(await SHA256.HashDataAsync(stored)), $"{file.Path}: stored bytes differ from the served ones");
            Assert.Equal(file.ServedLength, outcome.StoredBytes);
        }

        Assert.Equal(truth.Count(f => f.HasStorage), outcomes.Count);
        Assert.Equal(truth.Count(f => !f.HasStorage), withoutContent.Count);
    }
}
