using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;

namespace AccBackup.Tests.AccRestore;

[Trait("Category", "Unit")]
public sealed class RestoreQuotaFloorTests
{
    [Fact]
    public void Of_UploadsOfNewFiles_ItemsQuotaBounds()
    {
        var files = Enumerable.Range(0, 100).Select(i => File(RestoreAction.UploadNewFile, i)).ToList();

        var floor = RestoreQuotaFloor.Of(Plan(files));

        Assert.Equal((100, 0, 100, 200), (floor.Items, floor.Versions, floor.Storage, floor.Oss));
        Assert.Equal(2.0, floor.Minutes, 3);
    }

    [Fact]
    public void Of_PromotionsAndUnchanged_VersionsQuotaBoundsAndNothingCostsNothing()
    {
        var files = Enumerable.Range(0, 600).Select(i => File(i % 2 == 0 ? RestoreAction.Promote : RestoreAction.Nothing, i)).ToList();

        var floor = RestoreQuotaFloor.Of(Plan(files));

        Assert.Equal((0, 300, 0), (floor.Items, floor.Versions, floor.Oss));
        Assert.Equal(1.0, floor.Minutes, 3);
    }

    private static AccRestorePlan Plan(IReadOnlyList<PlannedFile> files) => new("r", "night", null, DateTimeOffset.UnixEpoch, [], files);

    private static PlannedFile File(RestoreAction action, int i)
    {
        var night = new StoredVersionRef(1, "v" + i, "blob" + i, 1000, "00", null);
        return new PlannedFile("P/Project Files/f" + i, "b.p", "i" + i, night, "b.p", "Project Files", "f" + i, action, "why")
        {
            CopyFrom = action == RestoreAction.Promote ? night.VersionId : null,
            Uploads = action == RestoreAction.UploadNewFile ? [night] : [],
        };
    }
}
