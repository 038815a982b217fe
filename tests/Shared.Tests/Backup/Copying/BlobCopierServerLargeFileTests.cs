using System.Diagnostics;
using System.Security.Cryptography;
using AccBackup.Backup.Copying;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace AccBackup.Tests.Backup.Copying;

[Trait("Category", "Slow")]
public sealed class BlobCopierServerLargeFileTests(ITestOutputHelper output)
{
    private const long Size = (1L << 30) + 12_345; // over 1 GiB, not a whole number of 100 MiB blocks

    [Fact]
    public async Task CopyAsync_ServerMode1GiBFile_CopiedByTheServiceWithNoByteThroughTheWorker()
    {
        await using var host = await CopyEngineHost.StartAsync(
            await BlobCopierServerModeTests.WithObjectsInAzuriteAsync(Size), new Dictionary<string, string?> { ["Copy:Mode"] = "server" });
        var files = await host.ListAccountAsync();
        var request = files.Select(f => f.ToCopyRequest()).Single(r => r?.ApiSize == Size)!;
        var copier = host.Services.GetRequiredService<BlobCopier>();
        var cpu = Process.GetCurrentProcess().TotalProcessorTime;

        var watch = Stopwatch.StartNew();
        var result = await copier.CopyAsync(request, CancellationToken.None);
        watch.Stop();
        cpu = Process.GetCurrentProcess().TotalProcessorTime - cpu;

        Assert.Equal((Size, CopyMethods.Server, CopyMethods.SizeOnly, (string?)null), (result.StoredBytes, result.Transfer, result.Verification, result.Sha256));
        Assert.Equal(0, host.Downloads.Peak);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Download));
        Assert.Equal(0, host.Emulator.GetStats().ContentBytesServed);
        var truth = (await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None)).Single(f => f.ItemId == request.ItemId);
        await using var stored = await host.Container.OpenReadAsync(request.BlobName, null, null, CancellationToken.None);
        Assert.Equal(truth.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(stored)));
        output.WriteLine($"server-side copy: {Size / 1e6:0} MB in {watch.Elapsed.TotalSeconds:0.0} s = {Size / 1e6 / watch.Elapsed.TotalSeconds:0} MB/s; " +
            $"test process CPU {cpu.TotalSeconds:0.00} s (includes the in-process emulator); 0 bytes through the download client");
    }
}
