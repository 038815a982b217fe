using AccBackup.Acc;

namespace AccBackup.Retry;

/// <summary>One APS request's time spent retrying: when it started and what it last failed with. Lives as long as the request.</summary>
internal sealed class ApsRetryWatch(ApsEndpoint endpoint, long started)
{
    private int warned;

    /// <summary>The endpoint the request calls.</summary>
    public ApsEndpoint Endpoint { get; } = endpoint;

    /// <summary>The <see cref="TimeProvider.GetTimestamp"/> of its first attempt.</summary>
    public long Started { get; } = started;

    /// <summary>What the last attempt failed with ("429", "HTTP 503", "attempt timed out"), or null before any failure.</summary>
    public string? Reason { get; set; }

    /// <summary>True the first time it is called: the still-retrying warning is logged once per request.</summary>
    public bool TryWarn() => Interlocked.Exchange(ref warned, 1) == 0;
}
