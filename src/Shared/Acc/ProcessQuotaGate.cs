namespace AccBackup.Acc;

/// <summary>One endpoint's calls paced by this process alone (<c>Aps:QuotaScope</c> = Process): callers queue in order
/// for the endpoint's <see cref="ApsQuotaLog"/>, and only the first in line ever waits for the window.</summary>
internal sealed class ProcessQuotaGate : IDisposable
{
    // SemaphoreSlim's asynchronous waiters are served first come, first served, so no caller starves behind later ones.
    private readonly SemaphoreSlim turn = new(1, 1);
    private readonly ApsQuotaLog log;
    private readonly TimeProvider time;

    public ProcessQuotaGate(int limit, TimeSpan window, TimeProvider time)
    {
        log = new ApsQuotaLog(limit, window, time);
        this.time = time;
    }

    /// <summary>Waits until one more call fits in every window, and records it.</summary>
    public async ValueTask AcquireAsync(CancellationToken cancellationToken)
    {
        await turn.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            while (!log.TryTake(out var wait))
            {
                await Task.Delay(wait, time, cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            turn.Release();
        }
    }

    /// <inheritdoc />
    public void Dispose() => turn.Dispose();
}
