using AccBackup.Acc;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Acc;

public sealed class ApsQuotaLogTests
{
    private const int Limit = 45;
    private static readonly TimeSpan Window = TimeSpan.FromMinutes(1);

    private readonly FakeTimeProvider time = new(new DateTimeOffset(2026, 11, 23, 2, 0, 0, TimeSpan.Zero));

    [Fact]
    public void TryTake_BurstUpToTheLimit_GrantsEveryCallAtOnce()
    {
        var log = CreateSut();

        var granted = Enumerable.Range(0, Limit).Count(_ => log.TryTake(out TimeSpan _));

        Assert.Equal(Limit, granted);
    }

    [Fact]
    public void TryTake_OneOverTheLimit_WaitsUntilTheFirstGrantIsAWindowOld()
    {
        var log = CreateSut();
        log.TryTake(out _);
        time.Advance(TimeSpan.FromSeconds(10));
        for (var i = 1; i < Limit; i++)
        {
            log.TryTake(out _);
        }

        Assert.False(log.TryTake(out var wait));
        Assert.Equal(TimeSpan.FromSeconds(50), wait);
        time.Advance(wait - TimeSpan.FromTicks(1));
        Assert.False(log.TryTake(out _));
        time.Advance(TimeSpan.FromTicks(1));
        Assert.True(log.TryTake(out _));
        Assert.False(log.TryTake(out wait));
        Assert.Equal(TimeSpan.FromSeconds(10), wait);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void TryTake_RandomDemandOverManyWindows_NoIntervalOfAWindowHoldsMoreThanTheLimitAndNoCallWaitsNeedlessly(int seed)
    {
        // Callers arrive in random bursts and lulls; those refused try again at every later step, in order (like the gate).
        var random = new Random(seed);
        var log = CreateSut();
        var start = time.GetUtcNow();
        var grants = new List<DateTimeOffset>();
        var queued = 0;
        while (time.GetUtcNow() - start < Window * 8)
        {
            queued += random.Next(4) == 0 ? random.Next(60) : random.Next(2);
            while (queued > 0 && log.TryTake(out _))
            {
                grants.Add(time.GetUtcNow());
                queued--;
            }

            // Not paced below the quota: a caller is refused only while the last window really holds Limit grants.
            var now = time.GetUtcNow();
            Assert.True(queued == 0 || grants.Count(g => now - g < Window) == Limit, $"refused with {grants.Count(g => now - g < Window)} grants in the last window");

            time.Advance(TimeSpan.FromMilliseconds(random.Next(1, 1500)));
        }

        Assert.True(grants.Count > Limit * 6, $"only {grants.Count} grants in 8 windows: the demand never tested the limit");
        for (var i = 0; i + Limit < grants.Count; i++)
        {
            // Any Limit + 1 consecutive grants span at least one window, so no window holds Limit + 1.
            Assert.True(grants[i + Limit] - grants[i] >= Window, $"grants {i} and {i + Limit} only {grants[i + Limit] - grants[i]} apart");
        }
    }

    private ApsQuotaLog CreateSut() => new(Limit, Window, time);
}
