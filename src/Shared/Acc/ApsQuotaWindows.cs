namespace AccBackup.Acc;

/// <summary>The clock-aligned slices a shared APS budget is counted in, and what each slice may spend.</summary>
/// <remarks>
/// Each quota window (<see cref="ApsOptions.QuotaWindow"/>, a minute on APS) is cut into <see cref="SlicesPerWindow"/>
/// slices aligned to the clock, so every process agrees which slice it is in. Slice i may grant
/// floor(r·(i+1)) − floor(r·i) calls, r = quota × share / slices: any run of slices grants at most r per slice plus one.
/// However APS places its own window, it overlaps at most slices + 1 of ours, so it sees at most
/// quota × share × 21/20 + 1 calls: under the quota at the default share of 0.9.
/// </remarks>
public sealed class ApsQuotaWindows
{
    /// <summary>Slices per quota window: small enough to bound a straddling window, large enough for useful batches.</summary>
    public const int SlicesPerWindow = 20;

    private readonly long sliceTicks;
    private readonly double share;
    private readonly TimeSpan window;

    /// <summary>Slices of <paramref name="window"/>, each spending <paramref name="share"/> of its part of the quota.</summary>
    public ApsQuotaWindows(TimeSpan window, double share)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(window, TimeSpan.FromSeconds(1));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(share);
        this.window = window;
        this.share = share;
        sliceTicks = window.Ticks / SlicesPerWindow;
    }

    /// <summary>The length of one slice.</summary>
    public TimeSpan Slice => TimeSpan.FromTicks(sliceTicks);

    /// <summary>The start of the slice <paramref name="now"/> falls in (UTC).</summary>
    public DateTimeOffset StartOf(DateTimeOffset now) =>
        new(now.UtcTicks - (now.UtcTicks % sliceTicks), TimeSpan.Zero);

    /// <summary>Calls all processes together may make to <paramref name="endpoint"/> in the slice starting at <paramref name="start"/>.</summary>
    public int LimitOf(ApsEndpoint endpoint, DateTimeOffset start)
    {
        var rate = RatePerSlice(endpoint);
        var index = start.UtcTicks / sliceTicks;
        return (int)(Math.Floor(rate * (index + 1)) - Math.Floor(rate * index));
    }

    /// <summary>Tokens one process takes from the shared budget at a time: half a slice's calls, so two or more processes share each slice.</summary>
    public int BatchOf(ApsEndpoint endpoint) => Math.Max(1, (int)Math.Ceiling(RatePerSlice(endpoint) / 2));

    /// <summary>The quota per window times the share, per slice (fractional: slices alternate to average it).</summary>
    private double RatePerSlice(ApsEndpoint endpoint) =>
        ApsQuotas.PerMinute(endpoint) * (window / TimeSpan.FromMinutes(1)) * share / SlicesPerWindow;
}
