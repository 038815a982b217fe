using AccBackup.Durable.Control;

namespace AccBackup.Durable.Tests.Control;

[Trait("Category", "Unit")]
public sealed class RunIdsTests
{
    [Theory]
    [InlineData("2026-11-23T02:00:00Z", "20261122-nightly")]
    [InlineData("2026-11-22T23:30:00Z", "20261122-nightly")]
    [InlineData("2026-11-23T11:59:59Z", "20261122-nightly")]
    [InlineData("2026-11-23T12:00:00Z", "20261123-nightly")]
    public void Nightly_FireTime_NamesTheNightItBelongsTo(string firedAt, string expected)
    {
        Assert.Equal(expected, RunIds.Nightly(DateTimeOffset.Parse(firedAt, System.Globalization.CultureInfo.InvariantCulture)));
    }

    [Fact]
    public void Nightly_IsAValidRunId()
    {
        var id = RunIds.Nightly(new DateTimeOffset(2026, 11, 23, 2, 0, 0, TimeSpan.Zero));

        Assert.Equal("$acc-backup/runs/20261122-nightly/manifest.json", Manifest.RunLayout.Json(id));
    }
}
