using System.Text;
using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Modules.Photos;

namespace AccBackup.Tests.Modules.Photos;

/// <summary>The photos' spreadsheets: a row per photo naming what it is linked to and where its file is, a row per link whichever
/// end the photo is, and a file name for a title without an extension.</summary>
[Trait("Category", "Unit")]
public sealed class PhotoCsvTests
{
    [Fact]
    public void Photos_PhotoLinkedTwice_ItsRowNamesBothItemsItsStoredFileAndItsSha256()
    {
        var snapshot = Snapshot(
            [Record("""{"id":"p1","title":"IMG_0001.jpg","mediaType":"photo"}""", new StoredModuleFile("blob/p1", 3, "abc"))],
            [Link("r1", ("autodesk-construction-photo", "photo", "p1"), ("autodesk-construction-issue", "issue", "i9")),
                Link("r2", ("autodesk-construction-rfi", "rfi", "f7"), ("autodesk-construction-photo", "photo", "p1"))]);

        var rows = Rows(PhotoCsv.Photos(snapshot));

        Assert.Equal(2, rows.Length);
        Assert.StartsWith("IMG_0001.jpg,photo,", rows[1], StringComparison.Ordinal);
        Assert.Contains("issue i9; rfi f7,blob/p1,abc,,p1", rows[1], StringComparison.Ordinal);
    }

    [Fact]
    public void Links_PhotoAtEitherEnd_EachRowStartsWithThePhotoAndItsTitle()
    {
        var snapshot = Snapshot(
            [Record("""{"id":"p1","title":"IMG_0001.jpg"}""", null)],
            [Link("r2", ("autodesk-construction-rfi", "rfi", "f7"), ("autodesk-construction-photo", "photo", "p1"))]);

        var rows = Rows(PhotoCsv.Links(snapshot));

        Assert.Equal("photoId,photoTitle,domain,type,itemId,createdOn,id", rows[0]);
        Assert.Equal("p1,IMG_0001.jpg,autodesk-construction-rfi,rfi,f7,2026-01-02T03:04:05.000Z,r2", rows[1]);
    }

    [Theory]
    [InlineData("""{"id":"p1","title":"Rebar north bay","type":"image/jpeg"}""", "Rebar north bay.jpg")]
    [InlineData("""{"id":"p1","title":"Walkthrough","mediaType":"video"}""", "Walkthrough.mp4")]
    [InlineData("""{"id":"p1","title":"IMG_0001.HEIC","type":"image/heic"}""", "IMG_0001.HEIC")]
    [InlineData("""{"id":"p1","type":"image/png"}""", "p1.png")]
    public void FileName_Title_KeepsItsExtensionOrTakesTheTypes(string photo, string fileName) =>
        Assert.Equal(fileName, Record(photo, null).FileName);

    private static PhotoRecord Record(string json, StoredModuleFile? stored)
    {
        using var photo = JsonDocument.Parse(json);
        return new PhotoRecord(photo.RootElement.Clone(), stored, null);
    }

    private static JsonElement Link(string id, params (string Domain, string Type, string Id)[] entities)
    {
        var text = new StringBuilder($$"""{"id":"{{id}}","createdOn":"2026-01-02T03:04:05.000Z","entities":[""");
        text.AppendJoin(',', entities.Select(e => $$"""{"domain":"{{e.Domain}}","type":"{{e.Type}}","id":"{{e.Id}}"}"""));
        using var link = JsonDocument.Parse(text.Append("]}").ToString());
        return link.RootElement.Clone();
    }

    private static PhotoSnapshot Snapshot(IReadOnlyList<PhotoRecord> photos, IReadOnlyList<JsonElement> links) =>
        new("b.0f9b5a2e-2f71-4c64-9d55-7c1b9a0e3d11", "P", "run-1", DateTimeOffset.UnixEpoch, null, "token", "full", photos, links);

    private static string[] Rows(byte[] csv) => Encoding.UTF8.GetString(csv).TrimStart('\uFEFF').Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
}
