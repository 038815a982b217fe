namespace AccEmulator.Faults;

/// <summary>Faults for one endpoint category, applied before the endpoint answers.</summary>
public sealed record EndpointFaults
{
    /// <summary>Added to every request (default none).</summary>
    public TimeSpan Latency { get; init; }

    /// <summary>Up to this much more latency per request, drawn uniformly from <see cref="FaultOptions.Seed"/> and the
    /// request's number (default none): the jitter of a real network, which a client's pacing must absorb.</summary>
    /// <remarks>Like <see cref="Latency"/>, spent before the quota counts the request: APS counts a call when it arrives.</remarks>
    public TimeSpan LatencyJitter { get; init; }

    /// <summary>Fraction of requests answered 429 (0–1, default 0).</summary>
    public double TooManyRequestsRate { get; init; }

    /// <summary>The next N requests answer 429 (a storm), counted from when these options are set (default 0).</summary>
    public int TooManyRequestsBurst { get; init; }

    /// <summary>Fraction of requests answered 500 or 503 (0–1, default 0).</summary>
    public double ServerErrorRate { get; init; }

    /// <summary>The next N requests answer 500 or 503 (default 0).</summary>
    public int ServerErrorBurst { get; init; }

    /// <summary>The Retry-After sent with injected 429s (default 1 s; null sends none).</summary>
    public TimeSpan? RetryAfter { get; init; } = TimeSpan.FromSeconds(1);
}
