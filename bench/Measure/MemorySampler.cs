using System.Diagnostics;

namespace AccBackup.Bench.Measure;

/// <summary>Samples this process's working set (and Azurite's RSS) every 50 ms while a variant runs, keeping the peaks.</summary>
internal sealed class MemorySampler : PeriodicSampler
{
    private static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(50);

    private readonly Process self = Process.GetCurrentProcess();
    private readonly AzuriteProcess? azurite;
    private long peakSelf;
    private long peakAzurite;

    public MemorySampler(AzuriteProcess? azurite)
        : base(Interval)
    {
        this.azurite = azurite;
        Start();
    }

    /// <summary>The highest working set of this process seen, in bytes.</summary>
    public long PeakSelf => Interlocked.Read(ref peakSelf);

    /// <summary>The highest Azurite RSS seen, in bytes.</summary>
    public long PeakAzurite => Interlocked.Read(ref peakAzurite);

    /// <inheritdoc />
    protected override void Sample()
    {
        self.Refresh();
        Interlocked.Exchange(ref peakSelf, Math.Max(PeakSelf, self.WorkingSet64));
        if (azurite is not null)
        {
            Interlocked.Exchange(ref peakAzurite, Math.Max(PeakAzurite, azurite.RssBytes()));
        }
    }

    /// <inheritdoc />
    protected override void Stopped() => self.Dispose();
}
