using AccBackup.Backup.Settings;
using AccBackup.Runs.Scheduling;

namespace AccBackup.Runs;

/// <summary>The one activity-level retry policy, used by both drivers: the CLI's runner and the Durable orchestration's
/// retry options. HTTP-level resilience (APS, storage) sits below it; nothing retries above it.</summary>
/// <param name="MaxAttempts">Attempts in all (Backup:ActivityAttempts).</param>
/// <param name="FirstRetryDelay">Delay before the second attempt; each later one doubles it.</param>
public sealed record ActivityRetry(int MaxAttempts, TimeSpan FirstRetryDelay)
{
    /// <summary>How much each delay grows over the previous one.</summary>
    public const double BackoffCoefficient = 2;

    /// <summary>The policy the settings ask for.</summary>
    public static ActivityRetry From(BackupOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return new(options.ActivityAttempts, TimeSpan.FromSeconds(2));
    }

    /// <summary>Whether a failure of <paramref name="errorType"/> on attempt <paramref name="attempt"/> gets another try.</summary>
    public bool ShouldRetry(int attempt, string? errorType) => attempt < MaxAttempts && !WorkFailure.IsFatalType(errorType);

    /// <summary>The delay before attempt number <paramref name="attempt"/> (2 or more).</summary>
    public TimeSpan DelayBefore(int attempt) => FirstRetryDelay * Math.Pow(BackoffCoefficient, Math.Max(0, attempt - 2));
}
