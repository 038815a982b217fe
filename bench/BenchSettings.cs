using System.Globalization;
using AccBackup.Quotas;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;

namespace AccBackup.Bench;

/// <summary>The fixed parameters of a benchmark run; printed in full so a result can be reproduced.</summary>
/// <param name="Quick">The smaller run (<c>--quick</c>).</param>
/// <param name="SideScale">Scale of the seed-scaled account in the side-by-side quota-bound scenario (1.0 is the real account: 11,737 folders, 40,230 files).</param>
/// <param name="CurveScales">Scales of the scaling curve (engine-full, quota-bound); the side-by-side's engine-full is reused at its scale.</param>
/// <param name="Compression">k: every quota window, APS latency and file size of the quota-bound scenarios is divided by k.</param>
/// <param name="LinkScale">Scale of the link-bound scenario (real file sizes, k = 1: bandwidth has nothing to compress).</param>
/// <param name="LargeFileBytes">The single file of the large-file scenario.</param>
/// <param name="NightsScale">Scale of the nights scenario's account (sizes ÷ <see cref="NightsSizeDivisor"/>, k = 1, quotas off).</param>
/// <param name="IssuesScale">Scale of the issues and modules scenarios' account (its seeded issues and modules exported, every quota on, k = <see cref="IssuesCompression"/>).</param>
internal sealed record BenchSettings(bool Quick, double SideScale, IReadOnlyList<double> CurveScales, double Compression, double LinkScale, long LargeFileBytes, double NightsScale, double IssuesScale)
{
    /// <summary>Latency the emulator adds to every APS request at k = 1 (every category but the storage download and its control API).</summary>
    public static readonly TimeSpan ApsLatency = TimeSpan.FromMilliseconds(40);

    /// <summary>Up to this much more latency per APS request at k = 1, drawn from the fault seed (the emulator's LatencyJitter):
    /// the pacing must hold APS's count with calls arriving unevenly late (issue 35).</summary>
    public static readonly TimeSpan ApsLatencyJitter = TimeSpan.FromMilliseconds(40);

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

    /// <summary>k of the issues scenario in both modes: its quota windows are 60 s ÷ k (its account needs several Issues windows).</summary>
    public const double IssuesCompression = 10;

    /// <summary>File sizes ÷ this in the issues scenario: its files are backed up beside the issues, their bytes are not what it measures.</summary>
    public const int IssuesSizeDivisor = 100;

    /// <summary>Nights after the first full backup in the nights scenario, each with <see cref="ChangedShare"/> of the files changed.</summary>
    public const int ChangingNights = 30;

    /// <summary>The nights scenario's file sizes are the seed-scaled ones divided by this (emulator SizeDivisor): storage is
    /// counted in bytes whatever the sizes, and 31 backups of smaller files run in minutes.</summary>
    public const int NightsSizeDivisor = 10;

    /// <summary>One file in this many is copied by the sequential variant; its copy time is scaled up by the same factor.</summary>
    public const int SequentialSampleEvery = 10;

    /// <summary>The scale of the no-change night's target (the real account): its curve point runs engine-nochange after engine-full.</summary>
    public const double NoChangeScale = 1.0;

    /// <summary>The sequential variant lists one folder at a time: only at scales up to this one (it would take most of a full run).</summary>
    public const double SequentialMaxScale = 0.1;

    /// <summary>
    /// Full: the side-by-side at scale 0.1 (≈4,000 files), the curve 0.1 → 2.0, k = 10 (a scale-1.0 run ≈ 4.5 min here); 1 GiB file.
    /// Quick: a few hundred files, k = 2, 256 MiB; link-bound at the full run's size (1.65 GB): at 0.006 (287 MB, a 2.9 s
    /// ideal) the run's fixed start (token, listing) was a fifth of the wall. The full run is sized to ≈ 30 min on 2 cores.
    /// </summary>
    public static BenchSettings For(bool quick) => quick
        ? new BenchSettings(true, 0.006, [0.006, 0.012], 2, 0.025, 256L << 20, 0.012, 0.125)
        : new BenchSettings(false, 0.1, [0.1, 0.25, 0.5, 1.0, 2.0], 10, 0.025, 1L << 30, 0.025, 0.25);

    /// <summary>The issues and modules scenarios' account: seed-scaled at <see cref="IssuesScale"/>, sizes ÷ <see cref="IssuesSizeDivisor"/>,
    /// APS's quotas and latency at k = <see cref="IssuesCompression"/>.</summary>
    public EmulatorOptions IssuesAccount() => new()
    {
        Dataset = EmulatorDatasets.SeedScaled, Seed = DatasetSeed, Scale = IssuesScale, SizeDivisor = IssuesSizeDivisor,
        Faults = Faults(IssuesCompression), Quotas = Quotas(IssuesCompression),
    };

    /// <summary>The emulator's quota window at compression <paramref name="k"/>.</summary>
    public static TimeSpan QuotaWindow(double k) => TimeSpan.FromMinutes(1) / k;

    /// <summary>APS's real quotas per window, the window one minute ÷ <paramref name="k"/>.</summary>
    public static QuotaOptions Quotas(double k) => new() { Window = QuotaWindow(k) };

    /// <summary>The emulator's faults at compression <paramref name="k"/>: latency and its jitter ÷ k on every APS category and the bandwidth caps on downloads; nothing fails.</summary>
    public static FaultOptions Faults(double k)
    {
        var latency = new EndpointFaults { Latency = ApsLatency / k, LatencyJitter = ApsLatencyJitter / k };
        var endpoints = Enum.GetValues<EndpointCategory>()
            .Where(c => c is not (EndpointCategory.Download or EndpointCategory.Control))
            .ToDictionary(c => c, _ => latency);
        return new FaultOptions
        {
            Endpoints = endpoints,
            Bandwidth = new BandwidthLimits { PerConnectionBytesPerSecond = PerConnectionBytesPerSecond, TotalBytesPerSecond = TotalBytesPerSecond },
        };
    }

    /// <summary>Product settings every engine and durable child runs with instead of the defaults (<c>--set Key=Value</c>); empty for the targets' runs.</summary>
    public IReadOnlyDictionary<string, string?> ProductSettings { get; init; } = new Dictionary<string, string?>();

    /// <summary>The parameters as printed lines.</summary>
    public IReadOnlyList<string> Describe() =>
    [
        Invariant($"mode: {(Quick ? "quick" : "full")}; seed-scaled account (seed {DatasetSeed}): side-by-side at scale {SideScale}, scaling curve at {string.Join(", ", CurveScales.Select(s => s.ToString(CultureInfo.InvariantCulture)))}; link-bound at scale {LinkScale}; large file {LargeFileBytes / (1 << 20)} MiB; nights at scale {NightsScale} (sizes ÷ {NightsSizeDivisor}): a full backup, then {ChangingNights} nights with {ChangedShare:P0} of the files changed, then one with none; issues, and modules over two nights, at scale {IssuesScale} (k = {IssuesCompression}, sizes ÷ {IssuesSizeDivisor}, every quota on)"),
        Invariant($"time compression k = {Compression} (quota-bound scenarios): the emulator's quota window is 60 s / k = {QuotaWindow(Compression).TotalSeconds:0.###} s with APS's per-minute limits per window, and the client's own pacing (ApsQuotaLimiter, {Pacing}) runs k times faster (bench/Hosting/CompressedPacing.cs); APS latency {ApsLatency.TotalMilliseconds:0} ms + up to {ApsLatencyJitter.TotalMilliseconds:0} ms of seeded jitter per request, both / k = {(ApsLatency / Compression).TotalMilliseconds:0.#} + {(ApsLatencyJitter / Compression).TotalMilliseconds:0.#} ms; every file size ÷ k (emulator SizeDivisor), bandwidth caps unchanged; so every floor (quotas, latency, bytes) shrinks k-fold and the real account's time at k = 1 is k × the measured one"),
        "link-bound, large-file and demo-pacing run at k = 1 (real quota windows, real file sizes, 40 ms latency)",
        Invariant($"download bandwidth: {PerConnectionBytesPerSecond / 1e6:0} MB/s per connection, {TotalBytesPerSecond / 1e6:0} MB/s total (MB = 10^6 bytes); no latency on the signed URL itself"),
        "APS quotas: the real ones per window (contents 300, OSS 1000, ...) unless a scenario turns them off; quota windows restart between variants (runs are a night apart)",
        "storage latency 10 ms: not applied (our blob client has no hook for it; Azurite answers over loopback)",
        Invariant($"verification: every file with storage has a blob (by the item and version ids in its metadata) of the truth's size, read back and hashed against the truth's SHA-256 — every blob up to {Verification.TruthVerifier.FullReadUpTo:N0} files, one in {Verification.TruthVerifier.SampleEvery} above; folder pages counted from the listing calls answered 200 (the most of any variant)"),
        "processes: this one (bench + APS emulator), one Azurite per scenario (quota-bound: blobs in a temporary folder, the full-size accounts hold up to tens of GB; the others in memory), and one child process per variant running only the copier (its peak RSS = the kernel's VmHWM of that process, start-up included)",
        ProductSettings.Count == 0
            ? "copy engine: product defaults (Backup:*, Copy:*, " + Pacing + "); only the APS pacing is compressed k-fold"
            : "copy engine: product defaults (Backup:*, Copy:*, " + Pacing + ") except " + string.Join(", ", ProductSettings.Select(p => $"{p.Key} = {p.Value}")) + " (--set); only the APS pacing is compressed k-fold",
        Invariant($"machine: {AccBackup.Bench.Measure.MachineCores.Value} cores, .NET {Environment.Version}, {(System.Runtime.GCSettings.IsServerGC ? "server" : "workstation")} GC"),
    ];

    // The product's default pacing, as the engine variants run it.
    private static string Pacing => Invariant($"Aps:Quota:Share {new AccBackup.Acc.ApsOptions().Quota.Share}, Aps:Quota:WindowMargin {new AccBackup.Acc.ApsOptions().Quota.WindowMargin.TotalSeconds:0.###} s");

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
