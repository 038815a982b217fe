namespace AccBackup.Bench.Measure;

/// <summary>Takes a sample when started, every interval while a variant runs, and once more when disposed.</summary>
internal abstract class PeriodicSampler : IAsyncDisposable
{
    private readonly TimeSpan interval;
    private readonly CancellationTokenSource stop = new();
    private Task loop = Task.CompletedTask;
    private int disposed;

    protected PeriodicSampler(TimeSpan interval) => this.interval = interval;

    /// <summary>Stops sampling after one last sample.</summary>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref disposed, 1) == 1)
        {
            return;
        }

        await stop.CancelAsync();
        await loop;
        Sample();
        stop.Dispose();
        Stopped();
    }

    /// <summary>Takes the first sample and starts the loop: called by a derived constructor once its fields are set.</summary>
    protected void Start()
    {
        Sample();
        loop = RunAsync();
    }

    /// <summary>Reads whatever is sampled; called on the timer's thread, never twice at once.</summary>
    protected abstract void Sample();

    /// <summary>After the last sample: releases what sampling held.</summary>
    protected virtual void Stopped()
    {
    }

    private async Task RunAsync()
    {
        using var timer = new PeriodicTimer(interval);
        try
        {
            while (await timer.WaitForNextTickAsync(stop.Token))
            {
                Sample();
            }
        }
        catch (OperationCanceledException)
        {
            // Stopped.
        }
    }
}
