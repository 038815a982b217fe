using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Quotas.SharedScope;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Quotas.SharedScope;

[Trait("Category", "Unit")]
public sealed class SharedQuotaGateTests
{
    // Hubs at 50/min × 0.9: 45 calls in any minute, counted in 3-second slices, batches of 2.
    private const ApsEndpoint Endpoint = ApsEndpoint.Hubs;
    private static readonly DateTimeOffset Start = new(2026, 11, 23, 2, 0, 0, TimeSpan.Zero);
    private static readonly ApsQuotaWindows Windows = new(TimeSpan.FromMinutes(1), 0.9);

    // The slices before a take's own that it counts: a window's, and one for the calls' latency (QuotaGrants).
    private const int Counted = ApsQuotaWindows.SlicesPerWindow + 1;
    private static readonly int Limit = Windows.LimitOf(Endpoint);

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
        Assert.Equal(new QuotaTake(ApsEndpoint.SignedDownload, Start, Windows.Slice, 900, 23), take);
    }

    [Fact]
    public async Task AcquireAsync_HalfTheBatchUsed_FetchesTheNextBatchAhead()
    {
        using var gate = CreateSut(ApsEndpoint.SignedDownload);

        for (var i = 0; i < 13; i++)
        {
            await gate.AcquireAsync(CancellationToken.None);
        }

        await Testing.TestWaits.UntilAsync(() => budget.Takes.Count == 2, "two takes");
        Assert.Equal(46, budget.GrantedIn(ApsEndpoint.SignedDownload, Start));
    }

    [Fact]
    public async Task AcquireAsync_ManyCallersWaiting_TakeEnoughForAllOfThemInFewRoundTrips()
    {
        using var gate = CreateSut(ApsEndpoint.SignedDownload);
        budget.Hold = new TaskCompletionSource();

        var callers = Enumerable.Range(0, 200).Select(_ => gate.AcquireAsync(CancellationToken.None).AsTask()).ToList();
        await Testing.TestWaits.UntilAsync(() => budget.Takes.Count == 1, "one take");
        budget.Hold.SetResult();
        await Task.WhenAll(callers).WaitAsync(Testing.TestWaits.Signal);

        // Batches of 23 would need 9 takes; the second asks for everyone still waiting.
        Assert.InRange(budget.Takes.Count, 2, 3);
        Assert.True(budget.Takes[1].Count >= 150, $"the second take asked for {budget.Takes[1].Count}");
    }

    [Fact]
    public async Task AcquireAsync_BurstUpToTheWindowLimit_IsNotPaced()
    {
        using var gate = CreateSut();

        for (var i = 0; i < Limit; i++)
        {
            await gate.AcquireAsync(CancellationToken.None).AsTask().WaitAsync(Testing.TestWaits.Signal);
        }

        Assert.Equal(Limit, budget.GrantedIn(Endpoint, Start));
    }

    [Fact]
    public async Task AcquireAsync_WindowFull_WaitsUntilTheBurstsSliceLeavesTheWindow()
    {
        using var gate = CreateSut();
        for (var i = 0; i < Limit; i++)
        {
            await gate.AcquireAsync(CancellationToken.None);
        }

        var waiting = gate.AcquireAsync(CancellationToken.None).AsTask();
        for (var slice = 1; slice <= Counted; slice++)
        {
            time.Advance(Windows.Slice);
            await Task.Delay(20);
            Assert.False(waiting.IsCompleted, $"granted {slice} slices after a full window's burst");
        }

        time.Advance(Windows.Slice);
        await waiting.WaitAsync(Testing.TestWaits.Signal);
        Assert.True(budget.GrantedIn(Endpoint, Start + (Windows.Slice * (Counted + 1))) >= 1);
    }

    [Fact]
    public async Task AcquireAsync_WindowFull_TakesTheNextSlicesBatchAheadButSpendsItOnlyThen()
    {
        // Another process filled the window a whole window ago: that slice leaves the window with the next one.
        var old = Start - (Windows.Slice * Counted);
        await budget.TakeAsync(new QuotaTake(Endpoint, old, Windows.Slice, Limit, Limit), CancellationToken.None);
        using var gate = CreateSut();
        var next = Start + Windows.Slice;

        var waiting = gate.AcquireAsync(CancellationToken.None).AsTask();
        await Testing.TestWaits.UntilAsync(() => budget.GrantedIn(Endpoint, next) > 0, "granted in the next slice");
        await Task.Delay(50);
        Assert.False(waiting.IsCompleted);

        Assert.Equal(0, budget.GrantedIn(Endpoint, Start));
        time.Advance(Windows.Slice);
        await waiting.WaitAsync(Testing.TestWaits.Signal);
    }

    [Fact]
    public async Task AcquireAsync_TokensLeftWhenTheSliceEnds_LapseAndAreGivenBackWithTheNextTake()
    {
        using var gate = CreateSut(ApsEndpoint.SignedDownload);
        await gate.AcquireAsync(CancellationToken.None); // takes a batch of 23, spends 1

        time.Advance(Windows.Slice);
        await gate.AcquireAsync(CancellationToken.None);

        Assert.Equal(2, budget.Takes.Count);
        Assert.Equal(Start + Windows.Slice, budget.Takes[1].SliceStart);
        Assert.Equal(new QuotaReturn(Start, 22), budget.Takes[1].Return);
        Assert.Equal(1, budget.GrantedIn(ApsEndpoint.SignedDownload, Start));
    }

    [Fact]
    public async Task AcquireAsync_ManyCallersOverSeveralWindows_NoWindowPassesMoreThanTheLimit()
    {
        using var gate = CreateSut();
        var callers = Enumerable.Range(0, 100).Select(_ => gate.AcquireAsync(CancellationToken.None).AsTask()).ToList();

        // A window's burst at once, then nothing until its slice leaves the counted slices (22 slices on), then the next burst.
        var perSlice = new List<int>();
        for (var slice = 0; slice < 50; slice++)
        {
            var expected = Math.Min(callers.Count, Limit * (1 + (slice / (Counted + 1))));
            await Testing.TestWaits.UntilAsync(() => callers.Count(c => c.IsCompleted) >= expected, $"{expected} callers through");
            await Task.Delay(10);
            var done = callers.Count(c => c.IsCompleted);
            Assert.Equal(expected, done);
            perSlice.Add(done - perSlice.Sum());
            time.Advance(Windows.Slice);
        }

        Assert.All(callers, c => Assert.True(c.IsCompletedSuccessfully));
        var worst = Enumerable.Range(0, perSlice.Count - Counted).Max(i => perSlice.Skip(i).Take(Counted + 1).Sum());
        Assert.Equal(Limit, worst);
    }

    [Fact]
    public async Task AcquireAsync_Cancelled_StopsWaiting()
    {
        using var gate = CreateSut();
        budget.Hold = new TaskCompletionSource();
        using var cancellation = new CancellationTokenSource();

        var waiting = gate.AcquireAsync(cancellation.Token).AsTask();
        await cancellation.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => waiting.WaitAsync(Testing.TestWaits.Signal));
    }

    private SharedQuotaGate CreateSut(ApsEndpoint endpoint = Endpoint) => new(endpoint, Windows, budget, time);
}
