namespace AccBackup.Testing;

/// <summary>How long a test waits for something before it calls it a hang.</summary>
/// <remarks>
/// These are for hangs, not speed: the suite runs on small machines shared with builds and other test runs (2 cores
/// at a load of 30 has been seen), where a start that takes 2 s on a quiet machine can take a minute. A test that
/// measures speed asserts on its own clock; these only stop a test that would otherwise never end. Every hang wait in
/// tests/ names one of them (TestWaitsTests in Shared.Tests keeps it so).
/// </remarks>
public static class TestWaits
{
    /// <summary>A process started by a test until it answers or exits on its own (Azurite, an external tool): 3 minutes.</summary>
    public static readonly TimeSpan ProcessStart = TimeSpan.FromMinutes(3);

    /// <summary>Something due at once or after a moved fake clock (a task completing, a lease granted, a process gone): 1 minute.</summary>
    public static readonly TimeSpan Signal = TimeSpan.FromMinutes(1);

    /// <summary>A whole backup of a test account (a CLI child process, an orchestration, a copy of every file): 10 minutes.</summary>
    public static readonly TimeSpan Run = TimeSpan.FromMinutes(10);

    /// <summary>Polls <paramref name="condition"/> every 20 ms until it holds; a <see cref="TimeoutException"/> after <see cref="Signal"/>.</summary>
    /// <remarks>For what a test cannot await directly (a count another thread raises, a call queued behind a fake clock).</remarks>
    public static async Task UntilAsync(Func<bool> condition, string because)
    {
        ArgumentNullException.ThrowIfNull(condition);
        var waited = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            if (waited.Elapsed > Signal)
            {
                throw new TimeoutException($"Still not {because} after {Signal}.");
            }

            await Task.Delay(20).ConfigureAwait(false);
        }
    }
}
