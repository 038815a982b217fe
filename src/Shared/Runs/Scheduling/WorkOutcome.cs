namespace AccBackup.Runs.Scheduling;

/// <summary>How a piece of scheduled work ended: its activity's result, or why it failed after its retries.</summary>
/// <param name="Result">The activity's result (a <c>ListFoldersResult</c>, <c>CopyChunkResult</c> or <c>ExportIssuesResult</c>); null when it failed.</param>
public sealed record WorkOutcome(object? Result, WorkFailure? Failure)
{
    /// <summary>In the CLI's process, the exception itself: rethrown as it is when the failure ends the run.</summary>
    public Exception? Exception { get; init; }

    /// <summary>The work's activity returned <paramref name="result"/>.</summary>
    public static WorkOutcome Succeeded(object result) => new(result ?? throw new ArgumentNullException(nameof(result)), null);

    /// <summary>The work failed after its retries with <paramref name="error"/>.</summary>
    public static WorkOutcome Failed(Exception error) => new(null, WorkFailure.From(error ?? throw new ArgumentNullException(nameof(error)))) { Exception = error };
}
