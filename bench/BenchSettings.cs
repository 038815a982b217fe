using System.Globalization;
using AccEmulator.Endpoints;
using AccEmulator.Faults;

namespace AccBackup.Bench;

/// <summary>The fixed parameters of a benchmark run; printed in full so a result can be reproduced.</summary>
/// <param name="Quick">The smaller run (<c>--quick</c>).</param>
/// <param name="Scale">Scale of the seed-scaled account (1.0 is the real account: 11,737 folders, 40,230 files).</param>
/// <param name="LargeFileBytes">The single file of the large-file scenario.</param>
internal sealed record BenchSettings(bool Quick, double Scale, long LargeFileBytes)
{
    /// <summary>Latency the emulator adds to every APS request (every category but the storage download and its control API).</summary>
    public static readonly TimeSpan ApsLatency = TimeSpan.FromMilliseconds(40);

    /// <summary>Download cap per connection, bytes per second (decimal MB, as every MB in the report).</summary>
    public const long PerConnectionBytesPerSecond = 8_000_000;

    /// <summary>Download cap shared by all connections, bytes per second.</summary>
    public const long TotalBytesPerSecond = 100_000_000;

    /// <summary>Seed of the generated accounts: the same seed gives the same files and bytes.</summary>
    public const long DatasetSeed = 42;

    /// <summary>Parallelism of the seed's copier, as its rewrite had it.</summary>
    public const int SeedParallelism = 8;

    /// <summary>Share of files changed before the engine-1pct run.</summary>
    public const double ChangedShare = 0.01;

    /// <summary>One file in this many is copied by the sequential variant; its copy time is scaled up by the same factor.</summary>
    public const int SequentialSampleEvery = 10;

    /// <summary>Full: ≈1,000 files in ≈300 folders (≈2.5 GB) and a 1 GiB file. Quick: ≈240 files in ≈70 folders and 256 MiB.</summary>
    public static BenchSettings For(bool quick) => quick
        ? new BenchSettings(true, 0.006, 256L << 20)
        : new BenchSettings(false, 0.025, 1L << 30);

    /// <summary>The emulator's faults: latency on every APS category and the bandwidth caps on downloads; nothing fails.</summary>
    public static FaultOptions Faults()
    {
        var latency = new EndpointFaults { Latency = ApsLatency };
        var endpoints = Enum.GetValues<EndpointCategory>()
            .Where(c => c is not (EndpointCategory.Download or EndpointCategory.Control))
            .ToDictionary(c => c, _ => latency);
        return new FaultOptions
        {
            Endpoints = endpoints,
            Bandwidth = new BandwidthLimits { PerConnectionBytesPerSecond = PerConnectionBytesPerSecond, TotalBytesPerSecond = TotalBytesPerSecond },
        };
    }

    /// <summary>The parameters as printed lines.</summary>
    public IReadOnlyList<string> Describe() =>
    [
        Invariant($"mode: {(Quick ? "quick" : "full")}; seed-scaled account scale {Scale} (seed {DatasetSeed}); large file {LargeFileBytes / (1 << 20)} MiB"),
        Invariant($"APS latency: {ApsLatency.TotalMilliseconds:0} ms added to every request of every APS category (token, hubs, projects, folders, contents, items, OSS)"),
        Invariant($"download bandwidth: {PerConnectionBytesPerSecond / 1e6:0} MB/s per connection, {TotalBytesPerSecond / 1e6:0} MB/s total (MB = 10^6 bytes); no latency on the signed URL itself"),
        "APS quotas: the real ones (contents 300/min, OSS 1000/min, ...) unless a scenario turns them off; quota windows restart between variants (runs are a night apart)",
        "storage latency 10 ms: not applied (our blob client has no hook for it; Azurite answers over loopback)",
        "storage: Azurite (in memory, own process, fresh instance per scenario, own container per variant; engine-nochange and engine-1pct reuse engine-full's); emulator and copy clients share this process",
        Invariant($"copy engine: product defaults (Backup:MaxActivitiesInFlight 8, ParallelListings 8, FilesPerChunk 250; Copy:MaxConcurrentFiles 16, MaxConcurrentTransfers 32, ParallelBlocksPerFile 8; Aps:QuotaShare 0.9)"),
        Invariant($"machine: {Environment.ProcessorCount} cores, .NET {Environment.Version}, {(System.Runtime.GCSettings.IsServerGC ? "server" : "workstation")} GC"),
    ];

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
