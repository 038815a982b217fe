using AccBackup.Acc;

namespace AccBackup.Quotas.ProcessScope;

/// <summary>One endpoint's exact sliding log of calls: at most <c>limit</c> of them in any interval of one window, as APS counts them.</summary>
/// <remarks>
/// Written by hand rather than taken from System.Threading.RateLimiting: a token bucket (what this replaced) paces a
/// burst that the quota would allow at once, and the segmented SlidingWindowRateLimiter hands back a segment's permits
/// while calls granted just before are still inside the window, so one window can see up to twice its limit.
/// The rule: a call counts from its grant until one window after its response (<see cref="Complete"/>), and a call is
/// granted only while fewer than <c>limit</c> count. APS counts a call when it arrives, which is after the grant and
/// before the response, so if limit + 1 calls arrived within one window, the last one granted would have found the
/// other limit still counting, and waited. Counting from the response rather than the grant is what keeps a slow
/// first call (a cold connection) from letting the next window's burst into APS's current one.
/// </remarks>
internal sealed class ApsQuotaLog
{
    private readonly Lock gate = new();
    private readonly Queue<long> completed;
    private readonly int limit;
    private readonly TimeSpan window;
    private readonly TimeProvider time;
    private int inFlight;
    private long granted;
    private TaskCompletionSource? completion;

    public ApsQuotaLog(int limit, TimeSpan window, TimeProvider time)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(limit);
        this.limit = limit;
        this.window = window;
        this.time = time;
        completed = new Queue<long>(limit);
    }

    /// <summary>The limit this log keeps.</summary>
    public int Limit => limit;

    /// <summary>Grants one call now if the window allows it; otherwise what to wait for: a delay, or (when every counted
    /// call is still in flight) <paramref name="nextResponse"/>, which completes with the next <see cref="Complete"/>.</summary>
    public bool TryTake(out TimeSpan wait, out Task? nextResponse)
    {
        lock (gate)
        {
            var now = time.GetTimestamp();
            Expire(now);
            wait = TimeSpan.Zero;
            nextResponse = null;
            if (inFlight + completed.Count < limit)
            {
                inFlight++;
                granted++;
                return true;
            }

            if (completed.Count > 0)
            {
                wait = window - time.GetElapsedTime(completed.Peek(), now);
            }
            else
            {
                completion ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                nextResponse = completion.Task;
            }

            return false;
        }
    }

    /// <summary>Calls counting now (in flight or answered within the window) and calls granted so far.</summary>
    public (int Counted, long Granted) Read()
    {
        lock (gate)
        {
            Expire(time.GetTimestamp());
            return (inFlight + completed.Count, granted);
        }
    }

    /// <summary>Records that a granted call got its response (or failed): it counts for one more window from now.</summary>
    public void Complete()
    {
        TaskCompletionSource? waiting;
        lock (gate)
        {
            inFlight--;
            completed.Enqueue(time.GetTimestamp());
            waiting = completion;
            completion = null;
        }

        waiting?.TrySetResult();
    }

    private void Expire(long now)
    {
        while (completed.Count > 0 && time.GetElapsedTime(completed.Peek(), now) >= window)
        {
            completed.Dequeue();
        }
    }
}
