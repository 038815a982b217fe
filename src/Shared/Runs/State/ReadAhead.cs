using System.Runtime.CompilerServices;

namespace AccBackup.Runs.State;

/// <summary>Reads a list of blobs in order while the next ones are already being fetched: a run's state is hundreds of
/// small blobs, and reading them one after another spends most of its time waiting on round trips.</summary>
internal static class ReadAhead
{
    /// <summary>Blobs read at once by default: enough to hide the round trips, few enough to keep memory to a few chunks.</summary>
    public const int DefaultWindow = 4;

    /// <summary>Each item's result, in the items' order; at most <paramref name="window"/> reads are in flight.</summary>
    /// <remarks>When the caller stops early or a read fails, the reads still in flight are cancelled and awaited.</remarks>
    public static async IAsyncEnumerable<TResult> InOrderAsync<TItem, TResult>(
        IReadOnlyList<TItem> items, Func<TItem, CancellationToken, Task<TResult>> read, int window, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        ArgumentNullException.ThrowIfNull(read);
        ArgumentOutOfRangeException.ThrowIfLessThan(window, 1);
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var pending = new Queue<Task<TResult>>();
        var next = 0;
        try
        {
            while (next < items.Count || pending.Count > 0)
            {
                while (pending.Count < window && next < items.Count)
                {
                    pending.Enqueue(read(items[next++], stop.Token));
                }

                yield return await pending.Dequeue().ConfigureAwait(false);
            }
        }
        finally
        {
            if (pending.Count > 0)
            {
                await stop.CancelAsync().ConfigureAwait(false);
                await ((Task)Task.WhenAll(pending)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            }
        }
    }
}
