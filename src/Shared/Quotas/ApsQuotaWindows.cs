using AccBackup.Acc;

namespace AccBackup.Quotas;

/// <summary>What one APS quota window allows this client, and the clock-aligned slices a shared budget counts it in.</summary>
/// <remarks>
/// Both scopes keep one rule: in any interval of length <see cref="ApsOptions.Quota.Window"/>, at most
/// <see cref="LimitOf"/> = floor(quota × share) calls. Process scope enforces it exactly (<see cref="ApsQuotaLog"/>).
/// Shared scope counts grants per slice (<see cref="SlicesPerWindow"/> to a window, aligned to the clock so every
/// process agrees which slice it is in) and grants while the last <see cref="SlicesPerWindow"/> + 1 slices hold fewer
/// than the limit (<see cref="QuotaGrants"/>): a window placed anywhere overlaps at most that many slices.
/// </remarks>
public sealed class ApsQuotaWindows
{
    /// <summary>Slices per quota window: more bound a straddling window more tightly, fewer keep batches useful.</summary>
    public const int SlicesPerWindow = 20;

    private readonly long sliceTicks;
    private readonly double share;
    private readonly TimeSpan window;
    private readonly TimeSpan margin;

    /// <summary>Windows of <paramref name="window"/>, each allowing <paramref name="share"/> of the quota; the process log
    /// counts each call <paramref name="margin"/> longer than a window.</summary>
    public ApsQuotaWindows(TimeSpan window, double share, TimeSpan margin = default)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(window, TimeSpan.FromSeconds(1));
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(share);
        ArgumentOutOfRangeException.ThrowIfLessThan(margin, TimeSpan.Zero);
        this.window = window;
        this.share = share;
        this.margin = margin;
        sliceTicks = window.Ticks / SlicesPerWindow;
    }

    /// <summary>The quota window.</summary>
    public TimeSpan Window => window;

    /// <summary>How long the process scope counts a call after its response: the window and its margin in time
    /// (<see cref="ApsQuotaOptions.WindowMargin"/>), so the limit is the whole share and the room for jitter is in time.</summary>
    public TimeSpan CountedFor => window + margin;

    /// <summary>The length of one slice.</summary>
    public TimeSpan Slice => TimeSpan.FromTicks(sliceTicks);

    /// <summary>The start of the slice <paramref name="now"/> falls in (UTC).</summary>
    public DateTimeOffset StartOf(DateTimeOffset now) =>
        new(now.UtcTicks - (now.UtcTicks % sliceTicks), TimeSpan.Zero);

    /// <summary>Calls to <paramref name="endpoint"/> allowed in any one window: the quota scaled to the window, times the share (at least 1).</summary>
    public int LimitOf(ApsEndpoint endpoint) => Math.Max(1, (int)Math.Floor(
        ApsQuotas.PerMinute(endpoint) * (window / TimeSpan.FromMinutes(1)) * share + 1e-9));

    /// <summary>Tokens one process takes from the shared budget at a time: half a slice's average, so two or more processes share each slice.</summary>
    public int BatchOf(ApsEndpoint endpoint) => Math.Max(1, (int)Math.Ceiling((double)LimitOf(endpoint) / SlicesPerWindow / 2));
}
