namespace AccBackup.Acc;

/// <summary>One endpoint's exact sliding log of grant times: at most <c>limit</c> grants in any interval of one window.</summary>
/// <remarks>
/// Written by hand rather than taken from System.Threading.RateLimiting: a token bucket (what this replaced) paces a
/// burst that the quota would allow at once, and the segmented SlidingWindowRateLimiter hands back a segment's permits
/// while calls granted just before are still inside the window, so one window can see up to twice its limit.
/// The rule here: grant at t only if the limit-th latest grant is at least one window before t. Then every limit + 1
/// consecutive grants span at least a window, so no interval of a window's length holds more than the limit, wherever
/// APS starts counting. It keeps at most <c>limit</c> timestamps. Not thread-safe: <see cref="ProcessQuotaGate"/> serializes it.
/// </remarks>
internal sealed class ApsQuotaLog
{
    private readonly Queue<long> grants;
    private readonly int limit;
    private readonly TimeSpan window;
    private readonly TimeProvider time;

    public ApsQuotaLog(int limit, TimeSpan window, TimeProvider time)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(limit);
        this.limit = limit;
        this.window = window;
        this.time = time;
        grants = new Queue<long>(limit);
    }

    /// <summary>Grants one call now if the window allows it; otherwise how long until it would.</summary>
    public bool TryTake(out TimeSpan wait)
    {
        var now = time.GetTimestamp();
        if (grants.Count == limit)
        {
            var since = time.GetElapsedTime(grants.Peek(), now);
            if (since < window)
            {
                wait = window - since;
                return false;
            }

            grants.Dequeue();
        }

        grants.Enqueue(now);
        wait = TimeSpan.Zero;
        return true;
    }
}
