using System.Diagnostics;
using System.Globalization;
using AccBackup.Backup.Copying;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;
using Xunit.Abstractions;

namespace AccBackup.Tests.Backup.Copying;

// The memory bound is read off the whole process's resident set, so this test runs alone: in a collection of its own
// that xunit starts only after every parallel collection of the assembly has finished. Run beside the others, their
// emulators, hosts and buffers counted against it (CI once read 281 MB of growth that was not the copier's).
[Trait("Category", "Slow")]
[Collection(RunsAlone)]
public sealed class BlobCopierLargeFileTests(ITestOutputHelper output)
{
    private const long Size = (3L << 30) + 12_345; // over 3 GiB, not a whole number of blocks
    private const int MaxConcurrentTransfers = 8;

    public const string RunsAlone = "Measures the process's memory; runs alone";

    [Fact]
    public async Task CopyAsync_FileOver3GiB_StoredIdenticalWithBoundedMemoryAndConcurrency()
    {
        await using var host = await CopyEngineHost.StartAsync(
            new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled, ExtraLargeFileBytes = Size },
            new Dictionary<string, string?>
            {
                ["Copy:MaxConcurrentTransfers"] = MaxConcurrentTransfers.ToString(CultureInfo.InvariantCulture),
                ["Copy:ParallelBlocksPerFile"] = "8",
            });
        var files = await host.ListAccountAsync();
        var request = files.Select(f => f.ToCopyRequest()).Single(r => r?.ApiSize == Size)!;
        var copier = host.Services.GetRequiredService<BlobCopier>();
        using var sampler = new PeakMemorySampler();

        var watch = Stopwatch.StartNew();
        var result = await copier.CopyAsync(request, CancellationToken.None);
        watch.Stop();
        var growthMb = sampler.Stop();

        var truth = (await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None)).Single(f => f.ItemId == request.ItemId);
        Assert.Equal(Size, result.StoredBytes);
        Assert.Equal(truth.Sha256, result.Sha256);
        Assert.Equal(Size, (await host.Container.GetPropertiesAsync(request.BlobName, CancellationToken.None))!.Length);
        Assert.InRange(host.Downloads.Peak, 1, MaxConcurrentTransfers);
        Assert.True(growthMb <= 256, $"process memory grew {growthMb:0} MB");
        output.WriteLine($"large file: {Size / 1e6:0} MB in {watch.Elapsed.TotalSeconds:0.0} s = {Size / 1e6 / watch.Elapsed.TotalSeconds:0} MB/s; peak RSS growth {growthMb:0} MB; peak downloads in flight {host.Downloads.Peak}");
    }

    /// <summary>Samples this process's resident set every 20 ms and keeps the peak above the starting value.</summary>
    private sealed class PeakMemorySampler : IDisposable
    {
        private readonly long baseline;
        private readonly Timer timer;
        private long peak;

        public PeakMemorySampler()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            baseline = Rss();
            peak = baseline;
            timer = new Timer(_ => Sample(), null, 0, 20);
        }

        public double Stop()
        {
            timer.Change(Timeout.Infinite, Timeout.Infinite);
            Sample();
            return (Interlocked.Read(ref peak) - baseline) / 1e6;
        }

        public void Dispose() => timer.Dispose();

        private static long Rss()
        {
            using var process = Process.GetCurrentProcess();
            return process.WorkingSet64;
        }

        private void Sample()
        {
            var now = Rss();
            for (var seen = Interlocked.Read(ref peak); now > seen && Interlocked.CompareExchange(ref peak, now, seen) != seen; seen = Interlocked.Read(ref peak))
            {
            }
        }
    }
}

[CollectionDefinition(BlobCopierLargeFileTests.RunsAlone, DisableParallelization = true)]
public sealed class MemoryMeasuringTestsRunAlone;
