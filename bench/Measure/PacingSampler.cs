using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Quotas;

namespace AccBackup.Bench.Measure;

/// <summary>The client's own pacing of folder listings and signed URLs, read every 20 ms in the child while a variant runs:
/// whether the quota was what the engine waited on, or quota was left unused while no call asked for it.</summary>
/// <remarks>Unlike the emulator's counts per window, this says which side waited at each moment, and does not depend on how
/// fast the machine is: a quota that binds has callers waiting; one the engine cannot feed sits idle with room.</remarks>
internal sealed class PacingSampler : PeriodicSampler
{
    private static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(20);

    private readonly ApsQuotaLimiter limiter;
    private readonly TransferSlots transfers;
    private readonly int maxTransfers;
    private readonly List<(ApsQuotaUse Listing, ApsQuotaUse Url)> samples = [];
    private long transferSamples;
    private long transfersInUse;
    private long transfersFull;

    public PacingSampler(ApsQuotaLimiter limiter, TransferSlots transfers, int maxTransfers)
        : base(Interval)
    {
        this.limiter = limiter;
        this.transfers = transfers;
        this.maxTransfers = maxTransfers;
        Start();
    }

    /// <summary>Stops sampling and sums up; null when the client does not pace itself (quotas off).</summary>
    public async Task<PacingIdle?> StopAsync()
    {
        await DisposeAsync();
        lock (samples)
        {
            return PacingIdle.Of(samples, Interval) is { } idle && transferSamples > 0
                ? idle with { TransfersInUseAverage = Math.Round((double)transfersInUse / transferSamples, 1), TransfersFullShare = Math.Round((double)transfersFull / transferSamples, 3) }
                : null;
        }
    }

    /// <inheritdoc />
    protected override void Sample()
    {
        if (limiter.UseOf(ApsEndpoint.FolderContents) is { } listing && limiter.UseOf(ApsEndpoint.SignedDownload) is { } url)
        {
            var inUse = transfers.InUse;
            lock (samples)
            {
                samples.Add((listing, url));
                if (listing.Granted > 0)
                {
                    transferSamples++;
                    transfersInUse += inUse;
                    transfersFull += inUse >= maxTransfers ? 1 : 0;
                }
            }
        }
    }
}

/// <summary>How the client's pacing spent the run: of the samples between an endpoint's first grant and its last, the share
/// in which a call could have gone and none asked (<see cref="ApsQuotaUse.IsIdle"/>), and how many callers waited on average.</summary>
/// <param name="UrlIdleShareAfterListing">The same for signed URLs once the last listing was granted: the run's end.</param>
/// <param name="SecondsAfterListing">From the last listing's grant to the last signed URL's.</param>
/// <param name="ListingIdleByTenth">The listings' idle share in each tenth of their span: where in the run they waited on the engine.</param>
/// <param name="UrlIdleByTenth">The same for signed URLs.</param>
internal sealed record PacingIdle(
    double ListingIdleShare, double ListingWaitingAverage, double UrlIdleShare, double UrlWaitingAverage, double UrlIdleShareAfterListing, double SecondsAfterListing,
    IReadOnlyList<double> ListingIdleByTenth, IReadOnlyList<double> UrlIdleByTenth)
{
    /// <summary>Copy:MaxConcurrentTransfers slots in use on average, from the first listing to the end.</summary>
    public double TransfersInUseAverage { get; init; }

    /// <summary>The share of those samples with every transfer slot taken.</summary>
    public double TransfersFullShare { get; init; }

    public static PacingIdle? Of(IReadOnlyList<(ApsQuotaUse Listing, ApsQuotaUse Url)> samples, TimeSpan interval)
    {
        var listing = Span(samples, s => s.Listing);
        var url = Span(samples, s => s.Url);
        if (listing is null || url is null)
        {
            return null;
        }

        var afterListing = (From: listing.Value.To + 1, url.Value.To);
        return new PacingIdle(
            IdleShare(samples, listing.Value, s => s.Listing), WaitingAverage(samples, listing.Value, s => s.Listing),
            IdleShare(samples, url.Value, s => s.Url), WaitingAverage(samples, url.Value, s => s.Url),
            IdleShare(samples, afterListing, s => s.Url), Math.Round(Math.Max(0, url.Value.To - listing.Value.To) * interval.TotalSeconds, 2),
            ByTenth(samples, listing.Value, s => s.Listing), ByTenth(samples, url.Value, s => s.Url));
    }

    private static double[] ByTenth(IReadOnlyList<(ApsQuotaUse Listing, ApsQuotaUse Url)> samples, (int From, int To) span, Func<(ApsQuotaUse Listing, ApsQuotaUse Url), ApsQuotaUse> of)
    {
        var length = span.To - span.From;
        return [.. Enumerable.Range(0, 10).Select(t => IdleShare(samples, (span.From + (length * t / 10), span.From + (length * (t + 1) / 10)), of))];
    }

    // From the sample before the first grant to the one that saw the last.
    private static (int From, int To)? Span(IReadOnlyList<(ApsQuotaUse Listing, ApsQuotaUse Url)> samples, Func<(ApsQuotaUse Listing, ApsQuotaUse Url), ApsQuotaUse> of)
    {
        var first = -1;
        for (var i = 0; i < samples.Count; i++)
        {
            if (of(samples[i]).Granted > of(samples[0]).Granted)
            {
                first = Math.Max(0, i - 1);
                break;
            }
        }

        if (first < 0)
        {
            return null;
        }

        var last = samples.Count - 1;
        while (last > first && of(samples[last - 1]).Granted == of(samples[^1]).Granted)
        {
            last--;
        }

        return (first, last);
    }

    private static double IdleShare(IReadOnlyList<(ApsQuotaUse Listing, ApsQuotaUse Url)> samples, (int From, int To) span, Func<(ApsQuotaUse Listing, ApsQuotaUse Url), ApsQuotaUse> of)
    {
        var count = span.To - span.From;
        return count <= 0 ? 0 : Math.Round((double)Enumerable.Range(span.From, count).Count(i => of(samples[i]).IsIdle) / count, 3);
    }

    private static double WaitingAverage(IReadOnlyList<(ApsQuotaUse Listing, ApsQuotaUse Url)> samples, (int From, int To) span, Func<(ApsQuotaUse Listing, ApsQuotaUse Url), ApsQuotaUse> of)
    {
        var count = span.To - span.From;
        return count <= 0 ? 0 : Math.Round(Enumerable.Range(span.From, count).Average(i => of(samples[i]).Waiting), 1);
    }
}
