namespace AccBackup.Proof;

/// <summary>Input of the nightly proof: the run, its start (which decides the slice) and the run whose stored blobs it proves.</summary>
/// <param name="BaseRunId">The latest finished run before this one, whose manifest names what the backup holds; null on a first run.</param>
public sealed record ProofInput(string RunId, DateTimeOffset StartedAt, string? BaseRunId);
