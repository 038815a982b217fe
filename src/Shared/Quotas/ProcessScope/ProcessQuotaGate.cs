using AccBackup.Acc;

namespace AccBackup.Quotas.ProcessScope;

/// <summary>One endpoint's calls paced by this process alone (<c>Aps:Quota:Scope</c> = Process): callers queue in order
/// for the endpoint's <see cref="ApsQuotaLog"/>, and only the first in line ever waits for the window.</summary>
internal sealed class ProcessQuotaGate : IDisposable
{
    // SemaphoreSlim's asynchronous waiters are served first come, first served, so no caller starves behind later ones.
    private readonly SemaphoreSlim turn = new(1, 1);
    private readonly ApsQuotaLog log;
    private readonly TimeProvider time;
    private int waiting;

    public ProcessQuotaGate(int limit, TimeSpan window, TimeProvider time)
    {
        log = new ApsQuotaLog(limit, window, time);
        this.time = time;
    }

    /// <summary>Waits until one more call fits in every window; the lease must be disposed when its response arrives.</summary>
    public async ValueTask<ApsQuotaLease> AcquireAsync(CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref waiting);
        try
        {
            await turn.WaitAsync(cancellationToken).ConfigureAwait(false);
            try
            {
                while (!log.TryTake(out var wait, out var nextResponse))
                {
                    await (nextResponse ?? Task.Delay(wait, time, cancellationToken)).WaitAsync(cancellationToken).ConfigureAwait(false);
                }

                return new ApsQuotaLease(log);
            }
            finally
            {
                turn.Release();
            }
        }
        finally
        {
            Interlocked.Decrement(ref waiting);
        }
    }

    /// <summary>How much of the window counts now, and how many callers wait for it.</summary>
    public ApsQuotaUse Read()
    {
        var (counted, granted) = log.Read();
        return new ApsQuotaUse(log.Limit, counted, Volatile.Read(ref waiting), granted);
    }

    /// <inheritdoc />
    public void Dispose() => turn.Dispose();
}
