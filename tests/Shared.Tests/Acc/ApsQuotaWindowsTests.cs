using AccBackup.Acc;

namespace AccBackup.Tests.Acc;

public sealed class ApsQuotaWindowsTests
{
    private static readonly DateTimeOffset Now = new(2026, 11, 23, 2, 0, 4, 500, TimeSpan.Zero);

    [Fact]
    public void StartOf_MidSlice_IsTheAlignedSliceStart()
    {
        var windows = CreateSut();

        var start = windows.StartOf(Now);

        Assert.Equal(TimeSpan.FromSeconds(3), windows.Slice);
        Assert.Equal(new DateTimeOffset(2026, 11, 23, 2, 0, 3, TimeSpan.Zero), start);
        Assert.Equal(start, windows.StartOf(start.AddTicks(windows.Slice.Ticks - 1)));
    }

    [Theory]
    [InlineData(ApsEndpoint.Folder, 270)]
    [InlineData(ApsEndpoint.SignedDownload, 900)]
    [InlineData(ApsEndpoint.Hubs, 45)]
    public void LimitOf_OneWholeWindow_SumsToTheShareOfTheQuota(ApsEndpoint endpoint, int expected)
    {
        var windows = CreateSut();
        var first = windows.StartOf(Now);

        var total = Enumerable.Range(0, ApsQuotaWindows.SlicesPerWindow).Sum(i => windows.LimitOf(endpoint, first + (windows.Slice * i)));

        Assert.Equal(expected, total);
    }

    [Theory]
    [InlineData(ApsEndpoint.Folder)]
    [InlineData(ApsEndpoint.Hubs)]
    [InlineData(ApsEndpoint.Token)]
    public void LimitOf_AnyWindowStraddlingSlices_StaysUnderTheQuota(ApsEndpoint endpoint)
    {
        // An APS window placed anywhere overlaps at most 21 slices.
        var windows = CreateSut();
        var first = windows.StartOf(Now);
        var limits = Enumerable.Range(0, 200).Select(i => windows.LimitOf(endpoint, first + (windows.Slice * i))).ToList();

        var worst = Enumerable.Range(0, limits.Count - 21).Max(i => limits.Skip(i).Take(21).Sum());

        Assert.True(worst < ApsQuotas.PerMinute(endpoint), $"{worst} calls in 21 slices, quota {ApsQuotas.PerMinute(endpoint)}");
    }

    [Fact]
    public void BatchOf_BusyAndQuietEndpoints_IsHalfASliceAndAtLeastOne()
    {
        var windows = CreateSut();

        Assert.Equal(23, windows.BatchOf(ApsEndpoint.SignedDownload));
        Assert.Equal(7, windows.BatchOf(ApsEndpoint.Folder));
        Assert.Equal(2, windows.BatchOf(ApsEndpoint.Hubs));
    }

    [Fact]
    public void LimitOf_ShortWindow_ScalesTheQuotaWithIt()
    {
        var windows = new ApsQuotaWindows(TimeSpan.FromSeconds(6), 0.9);
        var first = windows.StartOf(Now);

        var total = Enumerable.Range(0, ApsQuotaWindows.SlicesPerWindow).Sum(i => windows.LimitOf(ApsEndpoint.SignedDownload, first + (windows.Slice * i)));

        Assert.Equal(TimeSpan.FromMilliseconds(300), windows.Slice);
        Assert.Equal(90, total);
    }

    private static ApsQuotaWindows CreateSut() => new(TimeSpan.FromMinutes(1), 0.9);
}
