using AccBackup.Bench.Measure;
using AccBackup.Bench.Scenarios;

namespace AccBackup.Bench.Children;

/// <summary>What a child process reports: its variant's outcome and what the run cost that process alone.</summary>
/// <param name="WallSeconds">From the start of the variant's work to its end (the process's start-up and DI build excluded).</param>
/// <param name="StartRssBytes">Resident set when the work started (runtime, JIT and services loaded).</param>
/// <param name="PeakRssBytes">The kernel's high-water mark (VmHWM) of the child: the whole process's peak, start-up included.</param>
/// <param name="CpuSeconds">User + system CPU of the child during the work.</param>
/// <param name="AllocatedBytes">Managed allocations during the work.</param>
/// <param name="WorkerBytes">Response-body bytes this process read through its download client (none when storage copies server-side).</param>
/// <param name="SampledItems">Item ids the sequential kind copied (its verification scope).</param>
/// <param name="Orchestration">Durable kind: sizes of the orchestration instances.</param>
internal sealed record ChildResult(
    VariantOutcome Outcome,
    double WallSeconds,
    long StartRssBytes,
    long PeakRssBytes,
    double CpuSeconds,
    long AllocatedBytes,
    int Gen2Collections,
    double DownloadsInFlightAverage,
    int DownloadsInFlightPeak,
    long WorkerBytes,
    int Warnings,
    IReadOnlyList<string> FirstWarnings,
    IReadOnlyList<string>? SampledItems,
    OrchestrationFigures? Orchestration)
{
    /// <summary>The managed heap when the child's resident set was highest (sampled every 200 ms).</summary>
    public MemoryAtPeak? MemoryAtPeak { get; init; }

    /// <summary>Bytes of download buffers the copier allocated (TransferSlots' slabs: its peak demand, within Copy:BufferBudgetBytes).</summary>
    public long DownloadBufferBytes { get; init; }

    /// <summary>Engine kind: whether the quotas or the engine waited (the client's pacing, sampled).</summary>
    public PacingIdle? Pacing { get; init; }
}

/// <summary>The orchestration instances of a durable run: how many, and how big their inputs, outputs and histories get.</summary>
/// <param name="LargestExecutionTasks">The most tasks one orchestration execution scheduled (BackupRunOutcome).</param>
/// <param name="HistoryEventsBound">4 × tasks + 3: the most history events that execution can hold (two per task, a start/end pair per wake-up).</param>
internal sealed record OrchestrationFigures(int Instances, int LargestInputBytes, int LargestOutputBytes, int LargestCustomStatusBytes, int LargestExecutionTasks, int HistoryEventsBound);
