using System.Diagnostics;
using AccBackup.Storage;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Bench.Measure;

/// <summary>How fast Azurite alone takes blocks on this machine: the storage side's ceiling, without APS or downloads.</summary>
internal static class AzuriteProbe
{
    private const int BlockSize = 4 << 20;
    private const int Blobs = 4;
    private const int BlocksPerBlob = 24;
    private const int Parallel = 16;

    /// <summary>Stages 4 blobs of 24 × 4 MiB blocks, 16 requests in flight, then commits them.</summary>
    public static async Task<ProbeResult> RunAsync(BlobContainer container, AzuriteProcess? azurite, CancellationToken cancellationToken)
    {
        var content = new byte[BlockSize];
        System.Security.Cryptography.RandomNumberGenerator.Fill(content);
        var work = Enumerable.Range(0, Blobs).SelectMany(b => Enumerable.Range(0, BlocksPerBlob).Select(i => (Blob: $"probe/{b}", Index: i))).ToList();

        using var self = Process.GetCurrentProcess();
        var startCpu = self.TotalProcessorTime;
        var startAzurite = azurite?.CpuTime() ?? TimeSpan.Zero;
        var clock = Stopwatch.StartNew();
        await System.Threading.Tasks.Parallel.ForEachAsync(work, new ParallelOptions { MaxDegreeOfParallelism = Parallel, CancellationToken = cancellationToken },
            async (block, ct) => await container.StageBlockAsync(block.Blob, BlobBlockIds.FromIndex(block.Index), content, ct));
        for (var b = 0; b < Blobs; b++)
        {
            // Create-only, as every write to a backup container must be (its client's write-once guard refuses any other).
            await container.CommitBlockListAsync($"probe/{b}", Enumerable.Range(0, BlocksPerBlob).Select(BlobBlockIds.FromIndex).ToList(),
                new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, cancellationToken);
        }

        var wall = clock.Elapsed;
        self.Refresh();
        return new ProbeResult((long)work.Count * BlockSize, wall, self.TotalProcessorTime - startCpu, (azurite?.CpuTime() ?? TimeSpan.Zero) - startAzurite);
    }
}

/// <summary>What the Azurite probe measured.</summary>
internal sealed record ProbeResult(long Bytes, TimeSpan Wall, TimeSpan BenchCpu, TimeSpan AzuriteCpu)
{
    public string Describe() =>
        $"probe: Azurite alone staged {Bytes / 1e6:F0} MB of 4 MiB blocks (16 in flight, with Content-MD5) at {Bytes / 1e6 / Wall.TotalSeconds:F0} MB/s, " +
        $"Azurite using {AzuriteCpu.TotalSeconds / Wall.TotalSeconds:F2} cores and this process {BenchCpu.TotalSeconds / Wall.TotalSeconds:F2}";
}
