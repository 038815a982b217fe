namespace AccEmulator.Faults;

/// <summary>Objects still "being assembled": signeds3download answers <c>chunked</c> with a <c>urls</c> map.</summary>
public sealed record ChunkedDownloads
{
    /// <summary>Fraction of objects affected, chosen by object key (default 0).</summary>
    public double Fraction { get; init; }

    /// <summary>How many signeds3download calls per object answer chunked before it turns complete (default 1).</summary>
    public int Times { get; init; } = 1;
}
