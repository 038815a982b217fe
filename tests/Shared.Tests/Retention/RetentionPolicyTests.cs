using AccBackup.Retention;

namespace AccBackup.Tests.Retention;

[Trait("Category", "Unit")]
public sealed class RetentionPolicyTests
{
    private static readonly DateTimeOffset Monday = new(2026, 11, 2, 2, 0, 0, TimeSpan.Zero); // ISO week 45

    [Fact]
    public void Apply_NoRuns_DecidesNothing()
    {
        Assert.Empty(new RetentionPolicy(1, 1, 1).Apply([]));
    }

    [Fact]
    public void Apply_AllCountsZero_KeepsOnlyTheNewestRun()
    {
        var runs = Nightly(Monday, 5);

        var decisions = new RetentionPolicy(0, 0, 0).Apply(runs);

        Assert.Equal(["n4"], Kept(decisions));
        Assert.Equal([RetentionReason.Latest], decisions[0].Reasons);
    }

    [Fact]
    public void Apply_KeepDailyTwo_KeepsTheNewestRunOfEachOfTheLastTwoDays()
    {
        // Two runs a day on three days: the second run of a day is its newest.
        var runs = new[]
        {
            Run("d1-a", Monday), Run("d1-b", Monday.AddHours(5)),
            Run("d2-a", Monday.AddDays(1)), Run("d2-b", Monday.AddDays(1).AddHours(5)),
            Run("d3-a", Monday.AddDays(2)), Run("d3-b", Monday.AddDays(2).AddHours(5)),
        };

        var decisions = new RetentionPolicy(2, 0, 0).Apply(runs);

        Assert.Equal(["d3-b", "d2-b"], Kept(decisions));
        Assert.Equal([RetentionReason.Latest, RetentionReason.Daily], decisions.Single(d => d.Run.RunId == "d3-b").Reasons);
    }

    [Fact]
    public void Apply_DaysAreUtc_ARunJustBeforeUtcMidnightAndOneJustAfterAreTwoDays()
    {
        // 23:30 and 00:30 UTC, given as +02:00 times that fall on one local day.
        var plusTwo = TimeSpan.FromHours(2);
        var runs = new[]
        {
            Run("before", new DateTimeOffset(2026, 11, 3, 1, 30, 0, plusTwo)), // 2026-11-02 23:30 UTC
            Run("after", new DateTimeOffset(2026, 11, 3, 2, 30, 0, plusTwo)), // 2026-11-03 00:30 UTC
        };

        Assert.Equal(["after", "before"], Kept(new RetentionPolicy(2, 0, 0).Apply(runs)));
    }

    [Fact]
    public void Apply_KeepWeeklyTwo_KeepsTheNewestRunOfEachOfTheLastTwoIsoWeeks()
    {
        // Nightly for three weeks from a Monday: the Sundays are the newest of weeks 45, 46 and 47.
        var runs = Nightly(Monday, 21);

        var decisions = new RetentionPolicy(0, 2, 0).Apply(runs);

        Assert.Equal(["n20", "n13"], Kept(decisions));
        Assert.Equal(DayOfWeek.Sunday, decisions.Single(d => d.Run.RunId == "n13").Run.StartedAt.DayOfWeek);
    }

    [Fact]
    public void Apply_IsoWeekAcrossTheYearEnd_OneWeekNotTwo()
    {
        // 2026-12-31 (Thursday) and 2027-01-03 (Sunday) are both in ISO week 2026-W53.
        var runs = new[]
        {
            Run("thursday", new DateTimeOffset(2026, 12, 31, 2, 0, 0, TimeSpan.Zero)),
            Run("sunday", new DateTimeOffset(2027, 1, 3, 2, 0, 0, TimeSpan.Zero)),
            Run("next-monday", new DateTimeOffset(2027, 1, 4, 2, 0, 0, TimeSpan.Zero)),
        };

        Assert.Equal(["next-monday", "sunday"], Kept(new RetentionPolicy(0, 2, 0).Apply(runs)));
    }

    [Fact]
    public void Apply_KeepMonthlyThree_KeepsTheLastRunOfEachOfTheLastThreeMonths()
    {
        var runs = Nightly(new DateTimeOffset(2026, 8, 1, 2, 0, 0, TimeSpan.Zero), 122); // August to November

        var decisions = new RetentionPolicy(0, 0, 3).Apply(runs);

        Assert.Equal(["2026-11-30", "2026-10-31", "2026-09-30"], Kept(decisions).Select(id => Day(decisions, id)));
    }

    [Fact]
    public void Apply_DailyWeeklyMonthlyTogether_ARunKeptForSeveralReasonsCountsOnceForEach()
    {
        var runs = Nightly(new DateTimeOffset(2026, 9, 1, 2, 0, 0, TimeSpan.Zero), 91); // 2026-09-01 to 2026-11-30 (a Monday)

        var decisions = new RetentionPolicy(7, 4, 3).Apply(runs);

        // 7 days (11-24..11-30); Sundays 11-29, 11-22, 11-15 and 11-30's week; month ends 11-30, 10-31, 09-30.
        Assert.Equal(
            ["2026-11-30", "2026-11-29", "2026-11-28", "2026-11-27", "2026-11-26", "2026-11-25", "2026-11-24", "2026-11-22", "2026-11-15", "2026-10-31", "2026-09-30"],
            Kept(decisions).Select(id => Day(decisions, id)));
        Assert.Equal([RetentionReason.Latest, RetentionReason.Daily, RetentionReason.Weekly, RetentionReason.Monthly], decisions[0].Reasons);
        Assert.Equal([RetentionReason.Daily, RetentionReason.Weekly], decisions.Single(d => Day(decisions, d.Run.RunId) == "2026-11-29").Reasons);
    }

    [Fact]
    public void Apply_TheRunsItRemovedGone_KeepsTheSameRuns()
    {
        // Re-runnable: a prune that stopped after removing some runs decides the same for the rest.
        var runs = Nightly(new DateTimeOffset(2026, 9, 1, 2, 0, 0, TimeSpan.Zero), 91);
        var policy = new RetentionPolicy(7, 4, 3);
        var first = Kept(policy.Apply(runs));

        var second = Kept(policy.Apply(runs.Where(r => first.Contains(r.RunId))));

        Assert.Equal(first, second);
    }

    [Fact]
    public void Apply_RunsInAnyOrder_DecidesNewestFirst()
    {
        var runs = Nightly(Monday, 4);

        var decisions = new RetentionPolicy(1, 0, 0).Apply(runs.Reverse());

        Assert.Equal(["n3", "n2", "n1", "n0"], decisions.Select(d => d.Run.RunId));
        Assert.Equal(["n3"], Kept(decisions));
    }

    [Fact]
    public void Apply_NegativeCount_Throws()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new RetentionPolicy(-1, 0, 0).Apply([]));
    }

    private static RetentionCandidate Run(string id, DateTimeOffset startedAt) => new(id, startedAt);

    private static RetentionCandidate[] Nightly(DateTimeOffset first, int nights) =>
        [.. Enumerable.Range(0, nights).Select(i => Run("n" + i, first.AddDays(i)))];

    private static List<string> Kept(IReadOnlyList<RetentionDecision> decisions) => [.. decisions.Where(d => d.Keep).Select(d => d.Run.RunId)];

    private static string Day(IReadOnlyList<RetentionDecision> decisions, string runId) =>
        decisions.Single(d => d.Run.RunId == runId).Run.StartedAt.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture);
}
