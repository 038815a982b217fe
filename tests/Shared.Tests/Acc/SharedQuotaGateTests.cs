using AccBackup.Acc;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Acc;

public sealed class SharedQuotaGateTests
{
    // Hubs at 50/min × 0.9 over 3-second slices: 2.25 calls per slice (2, 2, 2, 3, …), batches of 2.
    private const ApsEndpoint Endpoint = ApsEndpoint.Hubs;
    private static readonly DateTimeOffset Start = new(2026, 11, 23, 2, 0, 0, TimeSpan.Zero);
    private static readonly ApsQuotaWindows Windows = new(TimeSpan.FromMinutes(1), 0.9);

    private readonly FakeTimeProvider time = new(Start);
    private readonly InMemoryQuotaBudget budget = new();

    [Fact]
    public async Task AcquireAsync_WithinABatch_AsksTheBudgetOnce()
    {
        using var gate = CreateSut(ApsEndpoint.SignedDownload);

        for (var i = 0; i < 10; i++)
        {
            await gate.AcquireAsync(CancellationToken.None);
        }

        var take = Assert.Single(budget.Takes);
        Assert.Equal(new QuotaTake(ApsEndpoint.SignedDownload, Start, 45, 23), take);
    }

    [Fact]
    public async Task AcquireAsync_HalfTheBatchUsed_FetchesTheNextBatchAhead()
    {
        using var gate = CreateSut(ApsEndpoint.SignedDownload);

        for (var i = 0; i < 13; i++)
        {
            await gate.AcquireAsync(CancellationToken.None);
        }

        await WaitUntilAsync(() => budget.Takes.Count == 2);
        Assert.Equal(45, budget.GrantedIn(ApsEndpoint.SignedDownload, Start));
    }

    [Fact]
    public async Task AcquireAsync_SliceSpent_WaitsForTheNextSlice()
    {
        using var gate = CreateSut();
        var limit = Windows.LimitOf(Endpoint, Start);
        for (var i = 0; i < limit; i++)
        {
            await gate.AcquireAsync(CancellationToken.None);
        }

        var waiting = gate.AcquireAsync(CancellationToken.None).AsTask();
        await Task.Delay(50);
        Assert.False(waiting.IsCompleted);

        time.Advance(Windows.Slice);
        await waiting.WaitAsync(TimeSpan.FromSeconds(5));
        Assert.Equal(limit, budget.GrantedIn(Endpoint, Start));
        Assert.True(budget.GrantedIn(Endpoint, Start + Windows.Slice) >= 1);
    }

    [Fact]
    public async Task AcquireAsync_SliceSpent_TakesTheNextSlicesBatchAheadButSpendsItOnlyThen()
    {
        using var gate = CreateSut();
        var next = Start + Windows.Slice;
        for (var i = 0; i < Windows.LimitOf(Endpoint, Start); i++)
        {
            await gate.AcquireAsync(CancellationToken.None);
        }

        var waiting = gate.AcquireAsync(CancellationToken.None).AsTask();
        await WaitUntilAsync(() => budget.GrantedIn(Endpoint, next) > 0);
        await Task.Delay(50);
        Assert.False(waiting.IsCompleted);

        Assert.Contains(budget.Takes, t => t.SliceStart == next);
        time.Advance(Windows.Slice);
        await waiting.WaitAsync(TimeSpan.FromSeconds(5));
    }

    [Fact]
    public async Task AcquireAsync_TokensLeftWhenTheSliceEnds_LapseAndAreNotSpentLater()
    {
        using var gate = CreateSut(ApsEndpoint.SignedDownload);
        await gate.AcquireAsync(CancellationToken.None); // takes a batch of 23, spends 1

        time.Advance(Windows.Slice);
        await gate.AcquireAsync(CancellationToken.None);

        Assert.Equal(2, budget.Takes.Count);
        Assert.Equal(Start + Windows.Slice, budget.Takes[1].SliceStart);
    }

    [Fact]
    public async Task AcquireAsync_ManyCallersOverSeveralSlices_NeverPassMoreThanTheSlicesAllow()
    {
        using var gate = CreateSut();
        var callers = Enumerable.Range(0, 20).Select(_ => gate.AcquireAsync(CancellationToken.None).AsTask()).ToList();

        var allowed = 0;
        for (var slice = 0; slice < 12; slice++)
        {
            allowed += Windows.LimitOf(Endpoint, Start + (Windows.Slice * slice));
            await WaitUntilAsync(() => callers.Count(c => c.IsCompleted) >= Math.Min(allowed, callers.Count));
            Assert.Equal(Math.Min(allowed, callers.Count), callers.Count(c => c.IsCompleted));
            time.Advance(Windows.Slice);
        }

        Assert.All(callers, c => Assert.True(c.IsCompletedSuccessfully));
    }

    [Fact]
    public async Task AcquireAsync_Cancelled_StopsWaiting()
    {
        using var gate = CreateSut();
        budget.Hold = new TaskCompletionSource();
        using var cancellation = new CancellationTokenSource();

        var waiting = gate.AcquireAsync(cancellation.Token).AsTask();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiting.WaitAsync(TimeSpan.FromSeconds(5)));
    }

    private SharedQuotaGate CreateSut(ApsEndpoint endpoint = Endpoint) => new(endpoint, Windows, budget, time);

    private static async Task WaitUntilAsync(Func<bool> condition)
    {
        for (var i = 0; i < 100 && !condition(); i++)
        {
            await Task.Delay(20);
        }

        Assert.True(condition());
    }
}
