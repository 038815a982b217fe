namespace AccBackup.Durable.Control;

/// <summary>The run holding the one-run-at-a-time claim and its runtime status.</summary>
public sealed record ClaimHolder(string RunId, string RuntimeStatus);
