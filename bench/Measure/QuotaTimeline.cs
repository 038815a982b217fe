using System.Diagnostics;
using AccEmulator;
using AccEmulator.Endpoints;

namespace AccBackup.Bench.Measure;

/// <summary>The emulator's folder-listing and signed-URL counts, sampled every 100 ms while a variant runs: how the
/// client spent each quota window, and whether it spent it at the window's start or through it.</summary>
internal sealed class QuotaTimeline : PeriodicSampler
{
    private static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(100);

    private readonly EmulatorServer emulator;
    private readonly Stopwatch clock = Stopwatch.StartNew();
    private readonly List<QuotaSample> samples = [];

    public QuotaTimeline(EmulatorServer emulator)
        : base(Interval)
    {
        this.emulator = emulator;
        Start();
    }

    /// <summary>Stops sampling after one last sample and cuts the samples into quota windows of <paramref name="window"/>.</summary>
    public async Task<QuotaUse?> StopAsync(TimeSpan window)
    {
        await DisposeAsync();
        lock (samples)
        {
            return QuotaUse.Of(samples, window);
        }
    }

    /// <inheritdoc />
    protected override void Sample()
    {
        var stats = emulator.GetStats();
        var sample = new QuotaSample(clock.Elapsed, stats.Count(EndpointCategory.FolderContents), stats.Count(EndpointCategory.Oss));
        lock (samples)
        {
            samples.Add(sample);
        }
    }
}

/// <summary>One reading of the emulator's counters: folder-contents and OSS (signed URL) requests so far.</summary>
internal readonly record struct QuotaSample(TimeSpan At, long Contents, long Oss);

/// <summary>Calls per quota window, windows counted from the run's first folder listing, and how evenly they came.</summary>
/// <param name="WindowSeconds">The emulator's quota window.</param>
/// <param name="ContentsPerWindow">Folder-contents requests in each window, the last one partial.</param>
/// <param name="OssPerWindow">Signed-URL requests in each window, the last one partial.</param>
/// <param name="ContentsIdleShare">Of the 100 ms samples between the first listing and the last, the share that saw
/// none: near 0 when listings come steadily, high when each window's listings go at once and the rest of it waits.</param>
/// <param name="OssIdleShare">The same for signed URLs, between the first and the last.</param>
internal sealed record QuotaUse(
    double WindowSeconds, IReadOnlyList<long> ContentsPerWindow, IReadOnlyList<long> OssPerWindow, double ContentsIdleShare, double OssIdleShare)
{
    /// <summary>Signed URLs in the windows between the first and the last: the ones a run could have used whole.</summary>
    public IReadOnlyList<long> FullOssWindows() => [.. OssPerWindow.Skip(1).SkipLast(1)];

    /// <summary>Cuts <paramref name="samples"/> (in time order) into windows; null when no folder was listed.</summary>
    public static QuotaUse? Of(IReadOnlyList<QuotaSample> samples, TimeSpan window)
    {
        var first = samples.FirstOrDefault(s => s.Contents > 0);
        if (first == default || window <= TimeSpan.Zero)
        {
            return null;
        }

        // The start of the first window is the last sample before the first listing was counted.
        var start = samples.LastOrDefault(s => s.At < first.At && s.Contents == 0).At;
        var end = samples[^1].At;
        var windows = (int)Math.Ceiling((end - start) / window);
        var contents = new long[windows];
        var oss = new long[windows];
        for (var w = 0; w < windows; w++)
        {
            var from = At(samples, start + (window * w));
            var to = At(samples, start + (window * (w + 1)));
            contents[w] = to.Contents - from.Contents;
            oss[w] = to.Oss - from.Oss;
        }

        return new QuotaUse(window.TotalSeconds, contents, oss, IdleShare(samples, s => s.Contents), IdleShare(samples, s => s.Oss));
    }

    // The last reading at or before the moment: counts only grow, so it is the count at that moment to within a sample.
    private static QuotaSample At(IReadOnlyList<QuotaSample> samples, TimeSpan moment)
    {
        var found = samples[0];
        foreach (var sample in samples)
        {
            if (sample.At > moment)
            {
                break;
            }

            found = sample;
        }

        return found;
    }

    // Intervals between samples with no new call, from the interval of the first call to that of the last.
    private static double IdleShare(IReadOnlyList<QuotaSample> samples, Func<QuotaSample, long> count)
    {
        var last = count(samples[^1]);
        int intervals = 0, idle = 0;
        for (var i = 1; i < samples.Count; i++)
        {
            var before = count(samples[i - 1]);
            if (before == last)
            {
                break;
            }

            if (before == 0 && count(samples[i]) == 0)
            {
                continue;
            }

            intervals++;
            idle += count(samples[i]) == before ? 1 : 0;
        }

        return intervals == 0 ? 0 : Math.Round((double)idle / intervals, 3);
    }
}
