using AccBackup.Backup.Copying;
using AccBackup.Backup.Naming;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Backup.Copying;

/// <summary>A batch new to the backup writes each version without looking for it first; what it finds stored after all
/// is handled as every other copy handles it, and the rest of the batch looks first.</summary>
public sealed class BlobCopierNewToBackupTests
{
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task CopyAllAsync_NewToBackupButEveryVersionStored_OnlyTheFirstFileIsDownloadedAgainAndEachIsUnchanged()
    {
        // One file at a time: the first write that finds its name taken is the only one before the batch looks first.
        await using var host = await CopyEngineHost.StartAsync(Demo, new Dictionary<string, string?> { ["Copy:MaxConcurrentFiles"] = "1" });
        var (first, _) = await BlobCopierTests.BackUpAsync(host);
        host.Emulator.ResetStats();

        var again = await host.Services.GetRequiredService<BlobCopier>().CopyAllAsync([.. first.Select(o => o.Request)], CancellationToken.None, newToBackup: true);

        Assert.All(again, o => Assert.Equal(FileCopyStatus.Unchanged, o.Status));
        Assert.Equal(1, host.Emulator.GetStats().Count(EndpointCategory.Oss));
        Assert.Single(host.Logs.Lines, l => l.Contains("was already stored, though its batch was new to the backup", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task CopyAllAsync_NameHeldByOtherBytes_StoredUnderTheAlternateNameAndTheOtherBlobKept(bool newToBackup)
    {
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var request = (await host.ListAccountAsync())
            .Select(f => f.ToCopyRequest()).OfType<FileCopyRequest>()
            .First(r => r.ApiSize is > 0 and < 1024 * 1024);
        byte[] other = [1, 2, 3];
        await host.Unguarded.UploadAsync(request.BlobName, other, null, CancellationToken.None);

        var outcome = Assert.Single(await host.Services.GetRequiredService<BlobCopier>().CopyAllAsync([request], CancellationToken.None, newToBackup: newToBackup));

        Assert.Equal(FileCopyStatus.Copied, outcome.Status);
        Assert.Equal(BlobPathBuilder.Alternate(request.BlobName, request.VersionId), outcome.Request.BlobName);
        Assert.Equal(outcome.StoredBytes, (await host.Container.GetPropertiesAsync(outcome.Request.BlobName, CancellationToken.None))!.Length);
        Assert.True(outcome.StoredBytes > other.Length);
        Assert.Equal(other.Length, (await host.Container.GetPropertiesAsync(request.BlobName, CancellationToken.None))!.Length);
    }
}
