using AccBackup.Acc;
using AccBackup.Quotas;

namespace AccBackup.Tests.Quotas;

[Trait("Category", "Unit")]
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
    public void LimitOf_OneMinuteWindow_IsTheShareOfTheQuota(ApsEndpoint endpoint, int expected)
    {
        var windows = CreateSut();

        Assert.Equal(expected, windows.LimitOf(endpoint));
    }

    [Fact]
    public void BatchOf_BusyAndQuietEndpoints_IsHalfASlicesAverageAndAtLeastOne()
    {
        var windows = CreateSut();

        Assert.Equal(23, windows.BatchOf(ApsEndpoint.SignedDownload));
        Assert.Equal(7, windows.BatchOf(ApsEndpoint.Folder));
        Assert.Equal(2, windows.BatchOf(ApsEndpoint.Hubs));
    }

    [Theory]
    [InlineData(6, 0.9, ApsEndpoint.SignedDownload, 300, 90)]
    [InlineData(6, 0.8, ApsEndpoint.FolderContents, 300, 24)]
    [InlineData(6, 0.8, ApsEndpoint.Hubs, 300, 4)]
    [InlineData(1, 0.1, ApsEndpoint.Hubs, 50, 1)]
    public void LimitOf_ShortWindow_ScalesTheQuotaWithItAndNeverReachesZero(int seconds, double share, ApsEndpoint endpoint, int sliceMilliseconds, int expected)
    {
        var windows = new ApsQuotaWindows(TimeSpan.FromSeconds(seconds), share);

        Assert.Equal(TimeSpan.FromMilliseconds(sliceMilliseconds), windows.Slice);
        Assert.Equal(expected, windows.LimitOf(endpoint));
    }

    private static ApsQuotaWindows CreateSut() => new(TimeSpan.FromMinutes(1), 0.9);
}
