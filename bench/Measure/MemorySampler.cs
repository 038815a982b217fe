using System.Diagnostics;

namespace AccBackup.Bench.Measure;

/// <summary>Samples this process's working set (and Azurite's RSS) every 50 ms while a variant runs, keeping the peaks.</summary>
internal sealed class MemorySampler : IAsyncDisposable
{
    private static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(50);

    private readonly Process self = Process.GetCurrentProcess();
    private readonly AzuriteProcess? azurite;
    private readonly CancellationTokenSource stop = new();
    private readonly Task loop;
    private long peakSelf;
    private long peakAzurite;
    private int disposed;

    public MemorySampler(AzuriteProcess? azurite)
    {
        this.azurite = azurite;
        Sample();
        loop = RunAsync();
    }

    /// <summary>The highest working set of this process seen, in bytes.</summary>
    public long PeakSelf => Interlocked.Read(ref peakSelf);

    /// <summary>The highest Azurite RSS seen, in bytes.</summary>
    public long PeakAzurite => Interlocked.Read(ref peakAzurite);

    /// <summary>Stops sampling after one last sample.</summary>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref disposed, 1) == 1)
        {
            return;
        }

        await stop.CancelAsync();
        await loop;
        Sample();
        stop.Dispose();
        self.Dispose();
    }

    private async Task RunAsync()
    {
        using var timer = new PeriodicTimer(Interval);
        try
        {
            while (await timer.WaitForNextTickAsync(stop.Token))
            {
                Sample();
            }
        }
        catch (OperationCanceledException)
        {
            // Stopped.
        }
    }

    private void Sample()
    {
        self.Refresh();
        Interlocked.Exchange(ref peakSelf, Math.Max(PeakSelf, self.WorkingSet64));
        if (azurite is not null)
        {
            Interlocked.Exchange(ref peakAzurite, Math.Max(PeakAzurite, azurite.RssBytes()));
        }
    }
}
