using AccBackup.Bench.Scenarios;
using AccBackup.Bench.Verification;

namespace AccBackup.Bench.Reporting;

/// <summary>Everything one benchmark run found: what bench/results/latest.json holds.</summary>
internal sealed record BenchReport(
    string GeneratedAt,
    string Mode,
    string Command,
    string VariantNames,
    IReadOnlyList<string> Parameters,
    IReadOnlyList<ScenarioReport> Scenarios,
    IReadOnlyList<CurvePoint> Curve,
    IReadOnlyList<TargetCheck> Targets,
    bool AllVerified,
    double TotalSeconds);

/// <summary>One scenario: its workload, ideal time, variants and ratios.</summary>
/// <param name="Scale">The seed-scaled account's scale (0 for the demo account).</param>
/// <param name="Compression">k: the quota window, APS latency and file sizes were divided by it.</param>
/// <param name="Quotas">The limits the ideal and floor were computed from (the options the scenario ran with).</param>
internal sealed record ScenarioReport(
    string Name,
    string Description,
    double Scale,
    double Compression,
    Workload Workload,
    QuotaModel Quotas,
    double IdealSeconds,
    string Bound,
    IdealTime Ideal,
    IReadOnlyList<VariantReport> Variants,
    ScenarioRatios Ratios,
    IReadOnlyList<string> Findings)
{
    /// <summary>The nights scenario: what the backup container holds after a month of nights; null elsewhere.</summary>
    public NightsStorage? Storage { get; init; }

    /// <summary>The issues scenario: the account's issues exported against the Issues quota; null elsewhere.</summary>
    public IssueFigures? Issues { get; init; }

    /// <summary>The modules scenario: each module's first night against its quota floor and its no-change night; null elsewhere.</summary>
    public IReadOnlyList<ModuleFigures>? Modules { get; init; }

    /// <summary>The pacing scenario: the client's calls against the quotas at one scale; null elsewhere.</summary>
    public PacingFigures? Pacing { get; init; }

    /// <summary>The link-bound scenario: the restore of engine-full's run beside its backup; null elsewhere.</summary>
    public RestoreFigures? Restore { get; init; }
}

/// <summary>The scenario's ratios; null where a scenario has no such variant.</summary>
/// <param name="FullToIdeal">Ideal seconds / engine-full seconds (1.0 is the ideal reached).</param>
/// <param name="FullToFloor">The engine's own floor (quotas × Aps:Quota:Share) / engine-full seconds.</param>
/// <param name="SpeedupOverSeedParallel">seed-parallel-8 seconds / engine-full seconds.</param>
/// <param name="NoChangeToFull">engine-nochange seconds (run with APS's real latency: a k = 1 time) / engine-full seconds projected at k = 1 (k × measured).</param>
/// <param name="ProjectedMinutes">engine-full's time for this account at k = 1 and real file sizes: k × its measured wall (every floor scales with k).</param>
/// <param name="ProjectedRealAccountMinutes">The real account (scale 1.0) at k = 1: its ideal at k = 1 / this run's fullToIdeal.</param>
internal sealed record ScenarioRatios(double? FullToIdeal, double? FullToFloor, double? SpeedupOverSeedParallel, double? NoChangeToFull, double? ProjectedMinutes, double? ProjectedRealAccountMinutes);

/// <summary>One point of the scaling curve: engine-full on the quota-bound account at one scale.</summary>
/// <param name="LargestPayloadBytes">The largest activity input or output (engine) as JSON.</param>
/// <param name="DurableLargestInputBytes">durable-full at this scale, when it ran: the largest orchestration input.</param>
/// <param name="DurableHistoryEventsBound">durable-full: the most history events one orchestration execution can hold (4 × tasks + 3).</param>
internal sealed record CurvePoint(
    double Scale,
    int Files,
    int FolderPages,
    double IdealSeconds,
    double FloorSeconds,
    double WallSeconds,
    double FullToIdeal,
    double FullToFloor,
    double ProjectedMinutes,
    double PeakRssMb,
    double StartRssMb,
    double ManifestMb,
    double CpuSecondsPerThousandFiles,
    double CpuCores,
    int LargestPayloadBytes,
    int? DurableLargestInputBytes,
    int? DurableLargestOutputBytes,
    int? DurableHistoryEventsBound,
    long Responses429,
    bool Verified);

/// <summary>One variant run, measured and verified.</summary>
/// <param name="WallSeconds">The child's own time for the work (process start-up excluded), or an estimate (sequential).</param>
/// <param name="MbPerSecond">Bytes served by the emulator's download URL during the run / wall seconds, in 10^6 bytes.</param>
/// <param name="FilesPerSecond">Files handled (copied, unchanged or without content) / wall seconds.</param>
/// <param name="ApsCalls">APS requests by emulator category, every status (the download URL is counted apart).</param>
/// <param name="FolderPages">Folder-contents requests answered 200: pages listed.</param>
/// <param name="WorkerMb">Response-body bytes that passed through the copier's process (its download client), in 10^6 bytes.</param>
/// <param name="PeakRssMb">Peak RSS (VmHWM) of the child process that ran the copier, and nothing else.</param>
/// <param name="StartRssMb">The child's RSS when its work began (runtime and services loaded).</param>
/// <param name="EngineCpuSeconds">CPU of the child during the work.</param>
/// <param name="EmulatorCpuSeconds">CPU of the parent (bench + APS emulator) meanwhile: the emulator's cost.</param>
/// <param name="CpuCores">(copier + emulator + Azurite CPU) / wall: cores kept busy, out of the machine's.</param>
/// <param name="MachineBusyCores">Cores the whole machine kept busy meanwhile (/proc/stat): more than CpuCores means other processes competed.</param>
/// <param name="CpuSecondsPerThousandFiles">The copier's CPU seconds per 1,000 files handled.</param>
/// <param name="ManifestMb">Size of the run's manifest.json (0 when the variant writes none).</param>
internal sealed record VariantReport(
    string Name,
    double WallSeconds,
    double MbPerSecond,
    double FilesPerSecond,
    IReadOnlyDictionary<string, long> ApsCalls,
    long FolderPages,
    long Responses429,
    long DownloadRequests,
    double DownloadedMb,
    double WorkerMb,
    long FilesHandled,
    long FilesCopied,
    long FilesUnchanged,
    long FilesFailed,
    double PeakRssMb,
    double StartRssMb,
    double AllocatedMb,
    int Gen2Collections,
    double EngineCpuSeconds,
    double EmulatorCpuSeconds,
    double AzuriteCpuSeconds,
    double CpuCores,
    double MachineBusyCores,
    double CpuSecondsPerThousandFiles,
    double AzuritePeakRssMb,
    double EmulatorPeakRssMb,
    double DownloadsInFlightAverage,
    int DownloadsInFlightPeak,
    double ManifestMb,
    bool Verified,
    VerificationResult Verification,
    EngineActivities? Engine,
    AccBackup.Bench.Children.OrchestrationFigures? Orchestration,
    int Warnings,
    IReadOnlyList<string> FirstWarnings,
    string? Note)
{
    /// <summary>The child's managed heap at its highest resident set; null for variants without a child.</summary>
    public AccBackup.Bench.Measure.MemoryAtPeak? MemoryAtPeak { get; init; }

    /// <summary>MB of download buffers the child's copier allocated (0 for variants without one).</summary>
    public double DownloadBuffersMb { get; init; }

    /// <summary>Folder listings and signed URLs per quota window, as the emulator counted them; null when nothing was listed.</summary>
    public AccBackup.Bench.Measure.QuotaUse? QuotaUse { get; init; }

    /// <summary>Engine variants: the share of the run each quota sat unused with no call asking, from the client's pacing.</summary>
    public AccBackup.Bench.Measure.PacingIdle? Pacing { get; init; }
}

/// <summary>The engine's orchestration counts (BackupRunner's RunStatistics).</summary>
internal sealed record EngineActivities(int ListingActivities, int CopyActivities, int LargestPayloadBytes);

/// <summary>One target of issue 8 and where the run stands against it.</summary>
internal sealed record TargetCheck(string Target, string Measured, bool Met, string Limit);
