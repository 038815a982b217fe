using AccBackup.Acc;

namespace AccBackup.Runs.Scheduling;

/// <summary>Why an activity failed after its retries, in a form both drivers have: a Durable failure carries only the type name and message.</summary>
/// <param name="ErrorType">The exception's full type name.</param>
public sealed record WorkFailure(string ErrorType, string Message)
{
    // Failures that retrying can't fix and no other activity of the run can get past: rejected credentials or an
    // unreachable APS base URL fail every call; a run id already used would overwrite a finished run; projects the
    // account does not have would make a run that backs up less than asked.
    private static readonly string[] FatalTypes =
    [
        typeof(ApsAuthenticationException).FullName!, typeof(ApsUnreachableException).FullName!, typeof(RunAlreadyExistsException).FullName!,
        typeof(UnknownProjectsException).FullName!,
    ];

    /// <summary>The failure of <paramref name="error"/>.</summary>
    public static WorkFailure From(Exception error) => new(error.GetType().FullName ?? error.GetType().Name, error.Message);

    /// <summary>Whether an exception of <paramref name="errorType"/> ends the whole run (and so is not worth retrying).</summary>
    public static bool IsFatalType(string? errorType) => errorType is not null && FatalTypes.Contains(errorType, StringComparer.Ordinal);

    /// <summary>Whether this failure ends the whole run.</summary>
    public bool IsFatal => IsFatalType(ErrorType);
}

/// <summary>What a failed activity means for the run.</summary>
public enum FailureVerdict
{
    /// <summary>Recorded against its project; the rest of the run goes on.</summary>
    Recorded,

    /// <summary>The run cannot go on (e.g. rejected credentials): stop starting work and fail the run.</summary>
    AbortRun,
}
