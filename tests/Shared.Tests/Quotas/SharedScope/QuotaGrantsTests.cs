using AccBackup.Acc;
using AccBackup.Quotas;
using AccBackup.Quotas.SharedScope;

namespace AccBackup.Tests.Quotas.SharedScope;

[Trait("Category", "Unit")]
public sealed class QuotaGrantsTests
{
    private const int Limit = 45;
    private const int Span = ApsQuotaWindows.SlicesPerWindow + 1; // a window's slices and one for the calls' latency
    private static readonly TimeSpan Slice = TimeSpan.FromSeconds(3);
    private static readonly DateTimeOffset Start = new(2026, 11, 23, 2, 0, 0, TimeSpan.Zero);

    [Fact]
    public void Grantable_NoGrants_GrantsTheWholeWindowAtOnce()
    {
        Assert.Equal(Limit, QuotaGrants.Empty.Grantable(Take(0, Limit)));
    }

    [Fact]
    public void Grantable_WindowFull_GrantsNothingUntilTheFullSliceIsMoreThanAWindowBack()
    {
        var grants = QuotaGrants.Empty.With(Take(0, Limit), Limit);

        Assert.Equal(0, grants.Grantable(Take(1, 5)));
        Assert.Equal(0, grants.Grantable(Take(Span, 5)));
        Assert.Equal(5, grants.Grantable(Take(Span + 1, 5)));
    }

    [Fact]
    public void Grantable_SliceTakenAhead_CountsForTheCurrentSlice()
    {
        var grants = QuotaGrants.Empty.With(Take(1, 40), 40);

        Assert.Equal(5, grants.Grantable(Take(0, 10)));
    }

    [Fact]
    public void Grantable_SliceTwoBehindTheNewest_GrantsNothing()
    {
        var grants = QuotaGrants.Empty.With(Take(5, 1), 1);

        Assert.Equal(0, grants.Grantable(Take(3, 1)));
        Assert.Equal(1, grants.Grantable(Take(4, 1)));
    }

    [Fact]
    public void Without_CallsGivenBack_FreeTheWindowForOthers()
    {
        var grants = QuotaGrants.Empty.With(Take(0, 30), 30).With(Take(1, 15), 15);

        var returned = grants.Without(new QuotaReturn(Start, 20));

        Assert.Equal(0, grants.Grantable(Take(2, 10)));
        Assert.Equal(10, returned.Grantable(Take(2, 10)));
        Assert.Equal(10, returned.GrantedIn(Start));
        Assert.Same(returned, returned.Without(new QuotaReturn(Start - Slice, 5)));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void With_ProcessesTakingInAnyOrderAndAhead_NoWindowOfSlicesHoldsMoreThanTheLimit(int seed)
    {
        // Several processes with skewed clocks: each takes for its current slice or the next, in random order.
        var random = new Random(seed);
        var grants = QuotaGrants.Empty;
        var granted = new Dictionary<int, int>();
        for (var step = 0; step < 4000; step++)
        {
            var slice = (step / 40) + random.Next(-1, 2);
            var take = Take(slice, random.Next(1, 8));
            var grant = grants.Grantable(take);
            grants = grants.With(take, grant);
            granted[slice] = granted.GetValueOrDefault(slice) + grant;
        }

        var worst = granted.Keys.Max(first => Enumerable.Range(first, Span + 1).Sum(s => granted.GetValueOrDefault(s)));
        Assert.Equal(Limit, worst);
        Assert.True(granted.Values.Sum() >= Limit * 4000 / 40 / (Span + 1), $"{granted.Values.Sum()} granted in 100 slices: paced below the rule");
    }

    [Fact]
    public void Parse_WhatToStringWrote_IsTheSameGrants()
    {
        var grants = QuotaGrants.Empty.With(Take(0, 3), 3).With(Take(2, 4), 4);

        var parsed = QuotaGrants.Parse(grants.ToString());

        Assert.Equal(grants.ToString(), parsed.ToString());
        Assert.Equal((3, 4, Start + (Slice * 2)), (parsed.GrantedIn(Start), parsed.GrantedIn(Start + (Slice * 2)), parsed.Newest));
        Assert.Same(QuotaGrants.Empty, QuotaGrants.Parse("not grants"));
    }

    [Fact]
    public void With_ManySlices_KeepsOnlyThoseALaterTakeCanCount()
    {
        var grants = QuotaGrants.Empty;
        for (var slice = 0; slice < 100; slice++)
        {
            grants = grants.With(Take(slice, 1), 1);
        }

        Assert.Equal(Span + 2, grants.ToString().Split(',').Length);
    }

    private static QuotaTake Take(int slice, int count) => new(ApsEndpoint.Hubs, Start + (Slice * slice), Slice, Limit, count);
}
