using AccBackup.Acc;

namespace AccBackup.Quotas.SharedScope;

/// <summary>One endpoint's calls under a shared budget: tokens taken in batches from the current slice, spent locally.</summary>
/// <remarks>
/// Tokens belong to the slice they were taken for and lapse with it, so a process never spends more than it was
/// granted in that slice; the next take gives lapsed tokens back, so they don't hold the window for nothing. A take asks for a batch, or for as many as callers are waiting if more; the next one is
/// fetched while half a batch is left, and once the window is full
/// for everyone (a take granted less than asked) the next slice's first batch is taken ahead (usable only when it
/// starts: that is when the oldest slice leaves the window), so a busy process rarely waits for the store.
/// </remarks>
internal sealed class SharedQuotaGate : IDisposable
{
    private readonly ApsEndpoint endpoint;
    private readonly ApsQuotaWindows windows;
    private readonly IApsQuotaBudget budget;
    private readonly TimeProvider time;
    private readonly int batch;
    private readonly int limit;
    private readonly Lock gate = new();
    private readonly CancellationTokenSource stopping = new();

    // Callers waiting for a token now: a take asks for enough for all of them (at least a batch), so a burst the
    // window allows costs one round trip to the store, not one per batch.
    private int waiting;

    // Tokens of the latest past slice that lapsed unused: the next take gives them back to the budget.
    private QuotaReturn? lapsed;

    // Tokens held per slice: the current one and at most the next.
    private readonly Dictionary<DateTimeOffset, SliceTokens> slices = [];

    public SharedQuotaGate(ApsEndpoint endpoint, ApsQuotaWindows windows, IApsQuotaBudget budget, TimeProvider time)
    {
        this.endpoint = endpoint;
        this.windows = windows;
        this.budget = budget;
        this.time = time;
        batch = windows.BatchOf(endpoint);
        limit = windows.LimitOf(endpoint);
    }

    /// <summary>Waits until this process holds a token of the current slice, and spends it.</summary>
    public async ValueTask AcquireAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            Task? taken;
            TimeSpan untilNextSlice;
            lock (gate)
            {
                var now = time.GetUtcNow();
                var current = windows.StartOf(now);
                var held = HeldFor(current);
                if (held.Tokens > 0)
                {
                    held.Tokens--;
                    if (held.Tokens <= batch / 2 && !held.Spent && held.Taking is null)
                    {
                        held.Taking = TakeAsync(current, Math.Max(batch, waiting));
                    }

                    return;
                }

                untilNextSlice = current + windows.Slice - now;
                waiting++;
                if (held.Spent)
                {
                    // Spent for every process: take the next slice's first batch now, so it is here when that slice starts.
                    var next = HeldFor(current + windows.Slice);
                    if (next is { Tokens: 0, Spent: false, Taking: null })
                    {
                        next.Taking = TakeAsync(current + windows.Slice, Math.Max(batch, waiting));
                    }

                    taken = null;
                }
                else
                {
                    taken = held.Taking ??= TakeAsync(current, Math.Max(batch, waiting));
                }
            }

            try
            {
                await (taken ?? Task.Delay(untilNextSlice, time, cancellationToken)).WaitAsync(cancellationToken).ConfigureAwait(false);
            }
            finally
            {
                lock (gate)
                {
                    waiting--;
                }
            }
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        stopping.Cancel();
        stopping.Dispose();
    }

    // The tokens of the slice starting at `start`; past slices are dropped: what was left of them lapses unused.
    private SliceTokens HeldFor(DateTimeOffset start)
    {
        var current = windows.StartOf(time.GetUtcNow());
        foreach (var old in slices.Keys.Where(k => k < current).Order().ToList())
        {
            Lapse(old, slices[old].Tokens);
            slices.Remove(old);
        }

        if (!slices.TryGetValue(start, out var held))
        {
            slices[start] = held = new SliceTokens();
        }

        return held;
    }

    // Only the latest lapsed slice is kept to give back: an older one is out of the window sooner, and keeping it counted is safe.
    private void Lapse(DateTimeOffset start, int tokens)
    {
        if (tokens > 0 && (lapsed is null || lapsed.SliceStart <= start))
        {
            lapsed = lapsed?.SliceStart == start ? lapsed with { Count = lapsed.Count + tokens } : new QuotaReturn(start, tokens);
        }
    }

    // Called under the lock. Never completes synchronously, so it is stored in Taking before its end clears it.
    private async Task TakeAsync(DateTimeOffset start, int count)
    {
        var request = new QuotaTake(endpoint, start, windows.Slice, limit, count, lapsed);
        lapsed = null;
        await Task.Yield();
        var granted = 0;
        try
        {
            granted = await budget.TakeAsync(request, stopping.Token).ConfigureAwait(false);
        }
        finally
        {
            lock (gate)
            {
                if (slices.TryGetValue(start, out var held))
                {
                    held.Tokens += granted;
                    held.Spent |= granted < count;
                    held.Taking = null;
                }
                else
                {
                    Lapse(start, granted);
                }
            }
        }
    }

    private sealed class SliceTokens
    {
        public int Tokens { get; set; }

        public bool Spent { get; set; }

        public Task? Taking { get; set; }
    }
}
