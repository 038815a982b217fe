namespace AccBackup.Runs.Activities;

/// <summary>Input of the nightly proof: the run, its start (which decides the slice) and the run whose stored blobs it proves.</summary>
/// <param name="BaseRunId">The latest finished run before this one, whose manifest names what the backup holds; null on a first run.</param>
public sealed record ProveStoredBlobsInput(string RunId, DateTimeOffset StartedAt, string? BaseRunId)
{
    /// <summary>The proof of the run prepared as <paramref name="prepared"/>: of the latest finished run's blobs (the previous one when none).</summary>
    public static ProveStoredBlobsInput For(PrepareRunResult prepared)
    {
        ArgumentNullException.ThrowIfNull(prepared);
        return new(prepared.RunId, prepared.StartedAt, prepared.LatestRunId ?? prepared.PreviousRunId);
    }
}
