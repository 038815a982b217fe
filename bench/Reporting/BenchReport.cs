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
    IReadOnlyList<TargetCheck> Targets,
    bool AllVerified,
    double TotalSeconds);

/// <summary>One scenario: its workload, ideal time, variants and ratios.</summary>
internal sealed record ScenarioReport(
    string Name,
    string Description,
    Workload Workload,
    double IdealSeconds,
    string Bound,
    IdealTime Ideal,
    IReadOnlyList<VariantReport> Variants,
    ScenarioRatios Ratios,
    IReadOnlyList<string> Findings);

/// <summary>The scenario's ratios; null where a scenario has no such variant.</summary>
/// <param name="FullToIdeal">Ideal seconds / engine-full seconds (1.0 is the floor reached).</param>
/// <param name="SpeedupOverSeedParallel">seed-parallel-8 seconds / engine-full seconds.</param>
/// <param name="NoChangeToFull">engine-nochange seconds / engine-full seconds.</param>
internal sealed record ScenarioRatios(double? FullToIdeal, double? SpeedupOverSeedParallel, double? NoChangeToFull);

/// <summary>One variant run, measured and verified.</summary>
/// <param name="MbPerSecond">Bytes served by the emulator's download URL during the run / wall seconds, in 10^6 bytes.</param>
/// <param name="FilesPerSecond">Files handled (copied, unchanged or without content) / wall seconds.</param>
/// <param name="ApsCalls">APS requests by emulator category, every status (the download URL is counted apart).</param>
/// <param name="PeakRssMb">Peak working set of this process (emulator, copy clients and bench together).</param>
/// <param name="DownloadsInFlightAverage">Time-weighted average of signed-URL GETs holding a connection (the engine's and the seed's download client).</param>
/// <param name="CpuCores">(bench CPU + Azurite CPU) / wall: cores kept busy, out of the machine's.</param>
/// <param name="MachineBusyCores">Cores the whole machine kept busy meanwhile (/proc/stat): more than CpuCores means other processes competed.</param>
internal sealed record VariantReport(
    string Name,
    double WallSeconds,
    double MbPerSecond,
    double FilesPerSecond,
    IReadOnlyDictionary<string, long> ApsCalls,
    long Responses429,
    long DownloadRequests,
    double DownloadedMb,
    long FilesHandled,
    long FilesCopied,
    long FilesUnchanged,
    long FilesFailed,
    double PeakRssMb,
    double StartRssMb,
    double AllocatedMb,
    double BenchCpuSeconds,
    double AzuriteCpuSeconds,
    double CpuCores,
    double MachineBusyCores,
    double AzuritePeakRssMb,
    double DownloadsInFlightAverage,
    int DownloadsInFlightPeak,
    bool Verified,
    VerificationResult Verification,
    EngineActivities? Engine,
    int Warnings,
    IReadOnlyList<string> FirstWarnings,
    string? Note);

/// <summary>The engine's orchestration counts (BackupRunner's RunStatistics).</summary>
internal sealed record EngineActivities(int ListingActivities, int CopyActivities, int LargestPayloadBytes);

/// <summary>One target of issue 8 and where the run stands against it.</summary>
internal sealed record TargetCheck(string Target, string Measured, bool Met, string Limit);
