namespace AccEmulator.Faults;

/// <summary>Failures in the middle of a download body.</summary>
public sealed record DownloadFaults
{
    /// <summary>Fraction of downloads whose connection is aborted mid-body (default 0).</summary>
    public double ResetRate { get; init; }

    /// <summary>The next N downloads are aborted mid-body (default 0).</summary>
    public int ResetBurst { get; init; }

    /// <summary>Fraction of downloads that end early under a correct Content-Length (default 0).</summary>
    public double TruncateRate { get; init; }

    /// <summary>The next N downloads end early (default 0).</summary>
    public int TruncateBurst { get; init; }

    /// <summary>Where in the body a failing download stops, as a fraction of its length (default 0.5).</summary>
    public double FailAtFraction { get; init; } = 0.5;
}
