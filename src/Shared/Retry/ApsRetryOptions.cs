using System.ComponentModel.DataAnnotations;
using AccBackup.Acc;

namespace AccBackup.Retry;

/// <summary>How one APS request is retried through throttling (429), server errors (5xx, 408), timeouts and dropped
/// connections: section <c>Aps:Retry</c>.</summary>
public sealed class ApsRetryOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = ApsOptions.SectionName + ":Retry";

    /// <summary>How long one APS request keeps retrying, counted from its first attempt, before it fails.
    /// Default: 00:05:00; 00:00:00 retries nothing.</summary>
    /// <remarks>Throttling and outages last minutes, not a count of quick retries. A request lasts at most this plus one attempt.</remarks>
    [Range(typeof(TimeSpan), "00:00:00", "02:00:00", ErrorMessage = SectionName + ":MaxDuration must be between 00:00:00 and 02:00:00.")]
    public TimeSpan MaxDuration { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>First back-off delay; later ones grow exponentially with jitter, up to <see cref="MaxDelay"/>. Default: 00:00:01.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "00:05:00", ErrorMessage = SectionName + ":BaseDelay must be between 00:00:00 and 00:05:00.")]
    public TimeSpan BaseDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>The longest back-off between two attempts when APS sends no Retry-After. Default: 00:00:30.</summary>
    [Range(typeof(TimeSpan), "00:00:00.001", "00:10:00", ErrorMessage = SectionName + ":MaxDelay must be between 00:00:00.001 and 00:10:00.")]
    public TimeSpan MaxDelay { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>How long a request keeps retrying before a warning says so (once per request). Default: 00:00:30.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "02:00:00", ErrorMessage = SectionName + ":WarnAfter must be between 00:00:00 and 02:00:00.")]
    public TimeSpan WarnAfter { get; set; } = TimeSpan.FromSeconds(30);
}
