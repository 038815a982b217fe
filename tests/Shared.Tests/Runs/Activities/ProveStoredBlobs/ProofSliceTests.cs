using AccBackup.Runs.Activities;

namespace AccBackup.Tests.Runs.Activities;

/// <summary>The nightly slice: deterministic, and over ProveAllWithinDays consecutive nights every blob read whole once.</summary>
[Trait("Category", "Unit")]
public sealed class ProofSliceTests
{
    private static readonly string[] Blobs = [.. Enumerable.Range(0, 2_000).Select(i => $"Tower A/Project Files/Level {i % 17}/Model {i}.v{1 + (i % 5)}.rvt")];

    private static readonly DateTimeOffset Night = new(2026, 11, 27, 2, 0, 0, TimeSpan.Zero);

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(30)]
    public void Hashes_ProveAllWithinDaysConsecutiveNights_HashesEveryBlobExactlyOnce(int days)
    {
        var nights = Enumerable.Range(0, days).Select(n => ProofSlice.For(Night.AddDays(n), days)).ToList();

        var times = Blobs.Select(b => nights.Count(n => n.Hashes(b))).ToList();

        Assert.All(times, t => Assert.Equal(1, t));
    }

    [Fact]
    public void Checks_SevenConsecutiveNights_ChecksEveryBlobOnceAtLeastAndAFractionEachNight()
    {
        var nights = Enumerable.Range(0, ProofSlice.MaxCheckDays).Select(n => ProofSlice.For(Night.AddDays(n), 30)).ToList();

        Assert.All(Blobs, b => Assert.Contains(nights, n => n.Checks(b)));
        Assert.All(nights, n => Assert.InRange(Blobs.Count(n.Checks), Blobs.Length / 10, Blobs.Length / 4));
        Assert.All(nights, n => Assert.All(Blobs.Where(n.Hashes), b => Assert.True(n.Checks(b))));
    }

    [Fact]
    public void For_SameNightAtAnotherHourOrOffset_ChoosesTheSameSlice()
    {
        var night = ProofSlice.For(Night, 30);
        var later = ProofSlice.For(new DateTimeOffset(2026, 11, 27, 23, 59, 0, TimeSpan.Zero).ToOffset(TimeSpan.FromHours(5)), 30);
        var nextDay = ProofSlice.For(Night.AddDays(1), 30);

        Assert.Equal(Blobs.Where(night.Hashes), Blobs.Where(later.Hashes));
        Assert.NotEqual(Blobs.Where(night.Hashes), Blobs.Where(nextDay.Hashes));
    }
}
