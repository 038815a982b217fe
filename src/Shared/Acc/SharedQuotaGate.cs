namespace AccBackup.Acc;

/// <summary>One endpoint's calls under a shared budget: tokens taken in batches from the current slice, spent locally.</summary>
/// <remarks>
/// Tokens belong to the slice they were taken in and lapse with it, so a process never spends more than it was
/// granted in that slice. The next batch is fetched while half the current one is left, so a busy process rarely
/// waits for the store; when the slice is spent for everyone, callers wait for the next one.
/// </remarks>
internal sealed class SharedQuotaGate : IDisposable
{
    private readonly ApsEndpoint endpoint;
    private readonly ApsQuotaWindows windows;
    private readonly IApsQuotaBudget budget;
    private readonly TimeProvider time;
    private readonly int batch;
    private readonly Lock gate = new();
    private readonly CancellationTokenSource stopping = new();

    // The slice the local tokens belong to, what is left of them, whether the shared slice is spent, and the take in flight.
    private DateTimeOffset slice;
    private int tokens;
    private bool spent;
    private Task? taking;

    public SharedQuotaGate(ApsEndpoint endpoint, ApsQuotaWindows windows, IApsQuotaBudget budget, TimeProvider time)
    {
        this.endpoint = endpoint;
        this.windows = windows;
        this.budget = budget;
        this.time = time;
        batch = windows.BatchOf(endpoint);
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
                if (current != slice)
                {
                    // A new slice: whatever was left of the last one lapses unused.
                    (slice, tokens, spent, taking) = (current, 0, false, null);
                }

                if (tokens > 0)
                {
                    tokens--;
                    if (tokens <= batch / 2 && !spent && taking is null)
                    {
                        taking = TakeAsync(current);
                    }

                    return;
                }

                untilNextSlice = current + windows.Slice - now;
                taken = spent ? null : taking ??= TakeAsync(current);
            }

            if (taken is null)
            {
                // Spent for every process: the next slice brings new tokens.
                await Task.Delay(untilNextSlice, time, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                await taken.WaitAsync(cancellationToken).ConfigureAwait(false);
            }
        }
    }

    /// <inheritdoc />
    public void Dispose()
    {
        stopping.Cancel();
        stopping.Dispose();
    }

    // Never completes synchronously, so it is stored in `taking` before its end clears it.
    private async Task TakeAsync(DateTimeOffset start)
    {
        await Task.Yield();
        var granted = 0;
        try
        {
            granted = await budget.TakeAsync(new QuotaTake(endpoint, start, windows.LimitOf(endpoint, start), batch), stopping.Token).ConfigureAwait(false);
        }
        finally
        {
            lock (gate)
            {
                if (slice == start)
                {
                    tokens += granted;
                    spent |= granted < batch;
                    taking = null;
                }
            }
        }
    }
}
