using AccBackup.Bench.Reporting;

namespace AccBackup.Bench.Scenarios;

/// <summary>What a variant reports of its own work; the meter and the verifier add the rest.</summary>
/// <param name="WallOverride">Set when the wall time is an estimate (a sampled variant scaled up), not the measured time.</param>
/// <param name="Stalled">The run was stopped by the stall watchdog or failed with an exception: it cannot be verified as complete.</param>
/// <param name="BytesOverride">With <paramref name="WallOverride"/>: the bytes the estimate covers (MB/s is then these over it).</param>
internal sealed record VariantOutcome(
    long FilesHandled,
    long FilesCopied,
    long FilesUnchanged,
    long FilesFailed,
    EngineActivities? Engine = null,
    string? Note = null,
    TimeSpan? WallOverride = null,
    long? BytesOverride = null,
    bool Stalled = false);
