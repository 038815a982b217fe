using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;

namespace AccBackup.Tests.Manifest.Catalog;

[Trait("Category", "Unit")]
public sealed class RunIdTests
{
    [Theory]
    [InlineData("2026-11-23T02:00:00Z", "20261122-nightly")]
    [InlineData("2026-11-22T23:30:00Z", "20261122-nightly")]
    [InlineData("2026-11-23T11:59:59Z", "20261122-nightly")]
    [InlineData("2026-11-23T12:00:00Z", "20261123-nightly")]
    public void Nightly_FireTime_NamesTheNightItBelongsTo(string firedAt, string expected)
    {
        Assert.Equal(expected, RunId.Nightly(DateTimeOffset.Parse(firedAt, CultureInfo.InvariantCulture)).Value);
    }

    [Fact]
    public void Nightly_AnyNight_IsAValidRunId()
    {
        var id = RunId.Nightly(new DateTimeOffset(2026, 11, 23, 2, 0, 0, TimeSpan.Zero));

        Assert.Equal("$acc-backup/runs/20261122-nightly/manifest.json", RunLayout.Json(id.Value));
    }

    [Fact]
    public void New_StartTime_SortsByTimeAndParses()
    {
        var id = RunId.New(new DateTimeOffset(2026, 11, 27, 13, 5, 9, TimeSpan.Zero));

        Assert.StartsWith("20261127-130509-", id.Value, StringComparison.Ordinal);
        Assert.Equal(id, RunId.Parse(id.Value));
    }

    [Theory]
    [InlineData("")]
    [InlineData("a/b")]
    [InlineData("a..b")]
    [InlineData("run id")]
    public void Parse_Malformed_RefusedNamingTheRule(string text)
    {
        var error = Assert.Throws<ArgumentException>(() => RunId.Parse(text));

        Assert.Contains("letters, digits, '-', '_' or '.'", error.Message, StringComparison.Ordinal);
        Assert.False(RunId.TryParse(text, out _));
    }

    [Fact]
    public void ProjectInstance_Key_IsTheRunIdAndAFourDigitKey()
    {
        Assert.Equal("20261122-nightly:p0007", RunId.Parse("20261122-nightly").ProjectInstance(7));
    }
}
