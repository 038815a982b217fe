namespace AccEmulator.Faults;

/// <summary>Token-bucket caps on download bytes per second.</summary>
public sealed record BandwidthLimits
{
    /// <summary>Cap per download connection (default null: unlimited).</summary>
    public long? PerConnectionBytesPerSecond { get; init; }

    /// <summary>Cap shared by all downloads (default null: unlimited).</summary>
    public long? TotalBytesPerSecond { get; init; }
}
