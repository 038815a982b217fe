using AccEmulator.Endpoints;

namespace AccEmulator.Faults;

/// <summary>Everything that can go wrong, decided deterministically from <see cref="Seed"/>; replaceable at runtime.</summary>
public sealed record FaultOptions
{
    /// <summary>No faults: the default.</summary>
    public static FaultOptions None { get; } = new();

    /// <summary>Seeds every fault decision, so a run with the same requests in the same order fails the same way.</summary>
    public long Seed { get; init; } = 1;

    /// <summary>Latency, 429 and 5xx faults by endpoint category (default none).</summary>
    public IReadOnlyDictionary<EndpointCategory, EndpointFaults> Endpoints { get; init; } =
        new Dictionary<EndpointCategory, EndpointFaults>();

    /// <summary>Connection resets and truncated bodies on the download URL (default none).</summary>
    public DownloadFaults Download { get; init; } = new();

    /// <summary>WAN-like bandwidth caps on downloads (default none).</summary>
    public BandwidthLimits Bandwidth { get; init; } = new();

    /// <summary>Objects whose signeds3download answers <c>chunked</c> for a while (default none).</summary>
    public ChunkedDownloads Chunked { get; init; } = new();

    /// <summary>Faults of the write endpoints, e.g. a 409 while a new version is processing (default none).</summary>
    public WriteFaults Writes { get; init; } = new();

    /// <summary>Lifetime of issued tokens (APS: one hour); shorten it to make tokens expire mid-run.</summary>
    public TimeSpan TokenLifetime { get; init; } = TimeSpan.FromHours(1);

    /// <summary>Overrides the lifetime of signed download and upload part URLs (default null: the requested minutesExpiration).</summary>
    public TimeSpan? SignedUrlLifetime { get; init; }

    /// <summary>A copy with <paramref name="faults"/> set for one category.</summary>
    public FaultOptions With(EndpointCategory category, EndpointFaults faults) =>
        this with { Endpoints = new Dictionary<EndpointCategory, EndpointFaults>(Endpoints) { [category] = faults } };
}
