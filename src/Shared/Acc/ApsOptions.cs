using System.ComponentModel.DataAnnotations;

namespace AccBackup.Acc;

/// <summary>How to reach Autodesk Platform Services (APS) and how hard to drive it.</summary>
public sealed class ApsOptions
{
    /// <summary>The configuration section these options bind to.</summary>
    public const string SectionName = "Aps";

    /// <summary>APS base URL. Default: https://developer.api.autodesk.com/.</summary>
    [Required]
    public Uri BaseUrl { get; set; } = new("https://developer.api.autodesk.com/");

    /// <summary>Client id of the APS app (added under Custom Integrations by an account admin).</summary>
    [Required(AllowEmptyStrings = false)]
    public string ClientId { get; set; } = string.Empty;

    /// <summary>Client secret of the APS app. Never logged.</summary>
    [Required(AllowEmptyStrings = false)]
    public string ClientSecret { get; set; } = string.Empty;

    /// <summary>ACC/BIM 360 account id: the hub id without its "b." prefix (a GUID).</summary>
    [Required(AllowEmptyStrings = false)]
    public string AccountId { get; set; } = string.Empty;

    /// <summary>Space-separated OAuth scopes. Default: data:read.</summary>
    [Required(AllowEmptyStrings = false)]
    public string Scopes { get; set; } = "data:read";

    /// <summary>Lifetime asked for signed download URLs, 1–60 minutes. Default: 10.</summary>
    [Range(1, 60)]
    public int SignedUrlMinutes { get; set; } = 10;

    /// <summary>Share of each documented APS quota this client may use, 0.1–1. Default: 0.9.</summary>
    /// <remarks>Quotas are per app, not per machine: with <see cref="QuotaScope"/> Process, lower this when several workers share one app.</remarks>
    [Range(0.1, 1.0)]
    public double QuotaShare { get; set; } = 0.9;

    /// <summary>Who shares <see cref="QuotaShare"/>: this process alone, or every process using the backup container. Default: Process.</summary>
    /// <remarks>Shared keeps scaled-out Function App instances together under the share (see <see cref="IApsQuotaBudget"/>).</remarks>
    public ApsQuotaScope QuotaScope { get; set; } = ApsQuotaScope.Process;

    /// <summary>The period APS counts each quota over; the documented per-minute limits scale with it. Default: 00:01:00.</summary>
    /// <remarks>Shorter only against an emulator that counts the same way (tests); APS itself counts per minute.</remarks>
    [Range(typeof(TimeSpan), "00:00:01", "01:00:00")]
    public TimeSpan QuotaWindow { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>Whether client-side rate limiting is on. Default: true. Off only for tests and benchmarks.</summary>
    public bool RateLimitingEnabled { get; set; } = true;

    /// <summary>Timeout of one attempt of one APS request. Default: 00:01:00.</summary>
    [Range(typeof(TimeSpan), "00:00:01", "00:30:00")]
    public TimeSpan AttemptTimeout { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>How long one APS request keeps retrying 429, 5xx, 408, timeouts and dropped connections, counted from its
    /// first attempt, before it fails. Default: 00:05:00; 00:00:00 retries nothing.</summary>
    /// <remarks>Storms are weather: minutes, not a count of quick retries. A request lasts at most this plus one attempt.</remarks>
    [Range(typeof(TimeSpan), "00:00:00", "02:00:00")]
    public TimeSpan StormBudget { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>The longest backoff between two attempts when APS sends no Retry-After. Default: 00:00:30.</summary>
    [Range(typeof(TimeSpan), "00:00:00.001", "00:10:00")]
    public TimeSpan StormMaxDelay { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>How long a request waits in a storm before a warning says so (once per request). Default: 00:00:30.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "02:00:00")]
    public TimeSpan StormWarningAfter { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>First retry delay; later ones grow exponentially with jitter. Default: 00:00:01.</summary>
    [Range(typeof(TimeSpan), "00:00:00", "00:05:00")]
    public TimeSpan RetryBaseDelay { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>The hub id APS uses for the account ("b." + AccountId).</summary>
    public string HubId => AccountId.StartsWith("b.", StringComparison.Ordinal) ? AccountId : "b." + AccountId;
}
