using AccBackup.Runs;
using AccBackup.Runs.State;


namespace AccBackup.Tests.Runs.State;

[Trait("Category", "Unit")]
public sealed class ReadAheadTests
{
    [Fact]
    public async Task InOrderAsync_ReadsFinishingInAnyOrder_YieldsTheItemsOrderWithAtMostTheWindowInFlight()
    {
        var items = Enumerable.Range(0, 40).ToList();
        var inFlight = 0;
        var most = 0;
        async Task<int> ReadAsync(int item, CancellationToken ct)
        {
            most = Math.Max(most, Interlocked.Increment(ref inFlight));
            try
            {
                await Task.Delay((item * 7) % 5, ct); // later items often finish first
                return item * 10;
            }
            finally
            {
                Interlocked.Decrement(ref inFlight);
            }
        }

        var results = new List<int>();
        await foreach (var result in ReadAhead.InOrderAsync(items, ReadAsync, 4, CancellationToken.None))
        {
            results.Add(result);
        }

        Assert.Equal(items.Select(i => i * 10), results);
        Assert.InRange(most, 2, 4);
    }

    [Fact]
    public async Task InOrderAsync_CallerStopsEarly_ReadsInFlightAreCancelledAndAwaited()
    {
        var started = new List<int>();
        var ended = 0;
        async Task<int> ReadAsync(int item, CancellationToken ct)
        {
            lock (started)
            {
                started.Add(item);
            }

            try
            {
                if (item > 0)
                {
                    await Task.Delay(Timeout.Infinite, ct);
                }

                return item;
            }
            finally
            {
                Interlocked.Increment(ref ended);
            }
        }

        await foreach (var result in ReadAhead.InOrderAsync([0, 1, 2, 3, 4, 5], ReadAsync, 3, CancellationToken.None))
        {
            Assert.Equal(0, result);
            break;
        }

        Assert.Equal([0, 1, 2], started);
        Assert.Equal(3, Volatile.Read(ref ended)); // none left running once the enumeration is disposed
    }

    [Fact]
    public async Task InOrderAsync_AReadFails_TheFailureReachesTheCallerAtThatItem()
    {
        static Task<int> ReadAsync(int item, CancellationToken ct) =>
            item == 2 ? Task.FromException<int>(new InvalidDataException("chunk 2 unreadable")) : Task.FromResult(item);

        var seen = new List<int>();
        var error = await Assert.ThrowsAsync<InvalidDataException>(async () =>
        {
            await foreach (var result in ReadAhead.InOrderAsync([0, 1, 2, 3], ReadAsync, 2, CancellationToken.None))
            {
                seen.Add(result);
            }
        });

        Assert.Equal("chunk 2 unreadable", error.Message);
        Assert.Equal([0, 1], seen);
    }
}
