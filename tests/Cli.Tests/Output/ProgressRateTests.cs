using AccBackup.Cli.Output;

namespace AccBackup.Cli.Tests.Output;

[Trait("Category", "Unit")]
public sealed class ProgressRateTests
{
    [Fact]
    public void Eta_NoFileFinishedYet_Unknown()
    {
        var rate = CreateSut();
        rate.Add(TimeSpan.Zero, 0, 0);
        rate.Add(TimeSpan.FromSeconds(3), 1000, 0);

        Assert.Null(rate.Eta(100));
    }

    [Fact]
    public void Eta_TenFilesInFiveSeconds_PacesTheRest()
    {
        var rate = CreateSut();
        rate.Add(TimeSpan.Zero, 0, 0);
        rate.Add(TimeSpan.FromSeconds(5), 5_000, 10);

        Assert.Equal(TimeSpan.FromSeconds(10), rate.Eta(20));
        Assert.Equal(1_000, rate.BytesPerSecond);
    }

    [Fact]
    public void BytesPerSecond_OldSamplesOutsideWindow_RecentPaceOnly()
    {
        var rate = CreateSut();
        rate.Add(TimeSpan.Zero, 0, 0);
        rate.Add(TimeSpan.FromSeconds(10), 100_000, 10);
        rate.Add(TimeSpan.FromSeconds(20), 100_000, 10);
        rate.Add(TimeSpan.FromSeconds(21), 100_000, 10);

        Assert.Equal(0, rate.BytesPerSecond);
        Assert.NotNull(rate.Eta(1));
    }

    [Fact]
    public void BytesPerSecond_FirstSamples_UnknownNotZero()
    {
        var rate = CreateSut();
        rate.Add(TimeSpan.Zero, 0, 0);
        rate.Add(TimeSpan.FromSeconds(0.2), 50_000, 0);

        // The first progress line comes before half a second of samples: it shows no rate rather than "0 B/s".
        Assert.Null(rate.BytesPerSecond);
    }

    [Fact]
    public void Eta_NothingLeft_Zero()
    {
        Assert.Equal(TimeSpan.Zero, CreateSut().Eta(0));
    }

    private static ProgressRate CreateSut() => new(TimeSpan.FromSeconds(5));
}
