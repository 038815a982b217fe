namespace AccBackup.Bench.Measure;

/// <summary>Samples this process's resident set and managed heap every 200 ms, keeping what the heap was at the RSS peak.</summary>
/// <remarks>VmHWM says how high the process went, not why: the managed heap at that moment tells live objects and
/// garbage (heap) and memory the GC kept reserved (committed) from native memory and runtime overhead (the rest).</remarks>
internal sealed class HeapSampler : IAsyncDisposable
{
    private static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(200);

    private readonly CancellationTokenSource stop = new();
    private readonly Task loop;
    private readonly object gate = new();
    private readonly System.Diagnostics.Stopwatch clock = System.Diagnostics.Stopwatch.StartNew();
    private MemoryAtPeak peak = new(0, 0, 0, 0, 0, 0, 0, 0, 0);

    public HeapSampler() => loop = RunAsync();

    /// <summary>The sample with the highest resident set so far.</summary>
    public MemoryAtPeak Peak
    {
        get
        {
            lock (gate)
            {
                return peak;
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        await stop.CancelAsync();
        await loop;
        stop.Dispose();
    }

    private async Task RunAsync()
    {
        using var timer = new PeriodicTimer(Interval);
        try
        {
            Sample();
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
        // One read: the resident set and its split come from the same moment.
        var status = AzuriteProcess.ReadOrNull("/proc/self/status");
        var rss = AzuriteProcess.StatusValue(status, "VmRSS:") * 1024;
        var info = GC.GetGCMemoryInfo();
        lock (gate)
        {
            if (rss > peak.RssBytes)
            {
                peak = new MemoryAtPeak(
                    rss, GC.GetTotalMemory(forceFullCollection: false), info.HeapSizeBytes, info.TotalCommittedBytes, info.FragmentedBytes,
                    AzuriteProcess.StatusValue(status, "RssAnon:") * 1024, AzuriteProcess.StatusValue(status, "RssFile:") * 1024,
                    (int)AzuriteProcess.StatusValue(status, "Threads:"), Math.Round(clock.Elapsed.TotalSeconds, 1));
            }
        }
    }
}

/// <summary>The managed heap when the resident set was highest.</summary>
/// <param name="RssBytes">VmRSS at that sample.</param>
/// <param name="ManagedBytes">GC.GetTotalMemory: objects allocated and not yet collected (live and garbage).</param>
/// <param name="HeapAfterLastGcBytes">The heap's size after the last GC before the sample.</param>
/// <param name="CommittedBytes">Memory the GC had committed (heap, free space kept, bookkeeping).</param>
/// <param name="FragmentedBytes">Free space inside the heap after the last GC.</param>
/// <param name="AnonymousBytes">RssAnon: the private memory in the resident set (heap, native allocations, thread stacks, JIT code).</param>
/// <param name="FileBytes">RssFile: pages of mapped files in the resident set (the runtime and the assemblies it loaded).</param>
/// <param name="Threads">The process's threads at that sample.</param>
/// <param name="AtSeconds">When, from the child's start (its work starts after the host is built, ≈ 1 s later).</param>
internal sealed record MemoryAtPeak(
    long RssBytes, long ManagedBytes, long HeapAfterLastGcBytes, long CommittedBytes, long FragmentedBytes, long AnonymousBytes, long FileBytes, int Threads, double AtSeconds);
