using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Quotas.ProcessScope;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Quotas.ProcessScope;

[Trait("Category", "Unit")]
public sealed class ApsQuotaLogTests
{
    private const int Limit = 45;
    private static readonly TimeSpan Window = TimeSpan.FromMinutes(1);

    private readonly FakeTimeProvider time = new(new DateTimeOffset(2026, 11, 23, 2, 0, 0, TimeSpan.Zero));

    [Fact]
    public void TryTake_BurstUpToTheLimit_GrantsEveryCallAtOnce()
    {
        var log = CreateSut();

        var granted = Enumerable.Range(0, Limit).Count(_ => log.TryTake(out TimeSpan _, out Task? _));

        Assert.Equal(Limit, granted);
        Assert.False(log.TryTake(out _, out _));
    }

    [Fact]
    public void TryTake_OneOverTheLimit_WaitsUntilTheFirstResponseIsAWindowOld()
    {
        var log = CreateSut();
        log.TryTake(out _, out _);
        log.Complete();
        time.Advance(TimeSpan.FromSeconds(10));
        for (var i = 1; i < Limit; i++)
        {
            log.TryTake(out _, out _);
            log.Complete();
        }

        Assert.False(log.TryTake(out var wait, out var nextResponse));
        Assert.Null(nextResponse);
        Assert.Equal(TimeSpan.FromSeconds(50), wait);
        time.Advance(wait - TimeSpan.FromTicks(1));
        Assert.False(log.TryTake(out _, out _));
        time.Advance(TimeSpan.FromTicks(1));
        Assert.True(log.TryTake(out _, out _));
        Assert.False(log.TryTake(out wait, out _));
        Assert.Equal(TimeSpan.FromSeconds(10), wait);
    }

    [Fact]
    public void TryTake_EveryCountedCallStillInFlight_WaitsForAResponseThenAWindowFromIt()
    {
        var log = CreateSut();
        for (var i = 0; i < Limit; i++)
        {
            log.TryTake(out _, out _);
        }

        time.Advance(Window * 2);
        Assert.False(log.TryTake(out _, out var nextResponse));
        Assert.NotNull(nextResponse);
        Assert.False(nextResponse.IsCompleted);

        log.Complete();
        Assert.True(nextResponse.IsCompletedSuccessfully);
        Assert.False(log.TryTake(out var wait, out _));
        Assert.Equal(Window, wait);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void TryTake_RandomDemandAndLatency_NoWindowWhereApsCountsHoldsMoreThanTheLimitAndNoCallWaitsNeedlessly(int seed)
    {
        // Callers arrive in random bursts and lulls; those refused try again at every later step, in order (like the gate).
        // Each granted call reaches APS some time after its grant and gets its response later still (up to 2 s).
        var random = new Random(seed);
        var log = CreateSut();
        var start = time.GetUtcNow();
        var calls = new List<Call>();
        var queued = 0;
        while (time.GetUtcNow() - start < Window * 8)
        {
            var now = time.GetUtcNow();
            foreach (var call in calls.Where(c => c.Completed is null && c.Response <= now))
            {
                log.Complete();
                call.Completed = now;
            }

            queued += random.Next(4) == 0 ? random.Next(60) : random.Next(2);
            while (queued > 0 && log.TryTake(out _, out _))
            {
                var latency = TimeSpan.FromMilliseconds(random.Next(2000));
                calls.Add(new Call(now + (latency * random.NextDouble()), now + latency));
                queued--;
            }

            // Not paced below the rule: a caller is refused only while Limit calls really count (in flight or answered within a window).
            var counting = calls.Count(c => c.Completed is not { } done || now - done < Window);
            Assert.True(queued == 0 || counting == Limit, $"refused with {counting} calls counting");

            time.Advance(TimeSpan.FromMilliseconds(random.Next(1, 500)));
        }

        Assert.True(calls.Count > Limit * 6, $"only {calls.Count} calls in 8 windows: the demand never tested the limit");
        var arrivals = calls.Select(c => c.Arrival).Order().ToList();
        for (var i = 0; i + Limit < arrivals.Count; i++)
        {
            // Any Limit + 1 consecutive arrivals span at least one window, so no window APS counts holds Limit + 1.
            Assert.True(arrivals[i + Limit] - arrivals[i] >= Window, $"arrivals {i} and {i + Limit} only {arrivals[i + Limit] - arrivals[i]} apart");
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void TryTake_DefaultMarginSteadyDemandJitteredLatency_SustainsAtLeast98PercentOfTheQuotaAndNoWindowApsCountsHoldsMore(int seed)
    {
        // The bench's fault at k = 1: each call reaches APS 40 ms + up to 40 ms of jitter after its grant, where it is counted
        // (the emulator's fixed windows, opened by the first arrival after the last closed), and answered just after.
        // Callers always wait, so only the pacing sets the rate. With the default margin (Aps:Quota:WindowMargin) the log
        // counts each call a window and the margin after its response: the rate may fall short of the quota by no more than
        // margin + latency over the window. (At the earlier 2 s margin the sustained rate was 0.967 of the quota.)
        var random = new Random(seed);
        var counted = new ApsQuotaWindows(Window, 1.0, new ApsQuotaOptions().WindowMargin).CountedFor;
        var log = new ApsQuotaLog(Limit, counted, time);
        var start = time.GetUtcNow();
        var responses = new PriorityQueue<DateTimeOffset, DateTimeOffset>();
        var arrivals = new List<DateTimeOffset>();
        var grants = new List<DateTimeOffset>();
        while (time.GetUtcNow() - start < Window * 20)
        {
            var now = time.GetUtcNow();
            while (responses.TryPeek(out var due, out _) && due <= now)
            {
                responses.Dequeue();
                log.Complete();
            }

            if (log.TryTake(out var wait, out _))
            {
                grants.Add(now);
                var arrival = now + TimeSpan.FromMilliseconds(40 + random.Next(41));
                arrivals.Add(arrival);
                var response = arrival + TimeSpan.FromMilliseconds(1);
                responses.Enqueue(response, response);
                continue;
            }

            var next = wait > TimeSpan.Zero ? now + wait : DateTimeOffset.MaxValue;
            if (responses.TryPeek(out var nextResponse, out _) && nextResponse < next)
            {
                next = nextResponse;
            }

            time.Advance(next - now);
        }

        // Sustained: the calls after the first window's burst over the time they took, as a share of the quota.
        var rate = (grants.Count - Limit) / ((grants[^1] - grants[0]) / Window) / Limit;
        Assert.InRange(rate, 0.98, 1.0);
        DateTimeOffset? opened = null;
        var inWindow = 0;
        foreach (var arrival in arrivals.Order())
        {
            if (opened is null || arrival >= opened + Window)
            {
                (opened, inWindow) = (arrival, 0);
            }

            inWindow++;
            Assert.True(inWindow <= Limit, $"{inWindow} calls counted in the window opened at {opened:O}");
        }
    }

    private ApsQuotaLog CreateSut() => new(Limit, Window, time);

    private sealed record Call(DateTimeOffset Arrival, DateTimeOffset Response)
    {
        public DateTimeOffset? Completed { get; set; }
    }
}
