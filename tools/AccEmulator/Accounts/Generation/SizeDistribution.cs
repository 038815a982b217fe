namespace AccEmulator.Accounts.Generation;

/// <summary>Log-normal file sizes: a long tail of large files over a body of small ones.</summary>
internal sealed class SizeDistribution(double meanBytes, double sigma, long maxBytes)
{
    /// <summary>The real account's shape: mean 2.5 MB, median ≈ 340 KB, a tail into the GB.</summary>
    public static readonly SizeDistribution Account = new(2_500_000, 2.0, 5L << 30);

    /// <summary>Small files for the demo: a full backup takes seconds.</summary>
    public static readonly SizeDistribution Demo = new(40_000, 1.3, 1_500_000);

    // For a log-normal, mean = exp(mu + sigma²/2).
    private readonly double _mu = Math.Log(meanBytes) - (sigma * sigma / 2);

    public long Next(DeterministicRandom random) =>
        Math.Clamp((long)Math.Exp(_mu + (sigma * random.NextGaussian())), 1, maxBytes);
}
