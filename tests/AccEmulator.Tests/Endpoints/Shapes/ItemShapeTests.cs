using System.Buffers.Text;
using System.Text;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class ItemShapeTests
{
    [Fact]
    public async Task Item_Get_HasApsItemShapeWithTipInIncluded()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Item("data"), ApsShapes.Version("included[0]")));
    }

    [Fact]
    public async Task Tip_Get_HasDerivativesThumbnailsAndStorageAsApsLinksThem()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}/tip");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Version("data")));
        var relationships = body.GetProperty("data").GetProperty("relationships");
        var derivatives = relationships.GetProperty("derivatives");
        var urn = derivatives.GetProperty("data").GetProperty("id").GetString()!;
        Assert.Equal("derivatives", derivatives.GetProperty("data").GetProperty("type").GetString());
        Assert.Equal(file.VersionId, Encoding.UTF8.GetString(Base64Url.DecodeFromChars(urn)));
        Assert.Contains($"/modelderivative/v2/designdata/{urn}/manifest?scopes=", derivatives.GetProperty("meta").GetProperty("link").GetProperty("href").GetString(), StringComparison.Ordinal);
        Assert.Equal("thumbnails", relationships.GetProperty("thumbnails").GetProperty("data").GetProperty("type").GetString());
        Assert.Equal("objects", relationships.GetProperty("storage").GetProperty("data").GetProperty("type").GetString());
    }

    [Fact]
    public async Task Versions_List_HasApsVersionShapeAndNoQueryInSelf()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}/versions?page%5Blimit%5D=1");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ["links.next.href: String"], ApsShapes.Version("data[0]")));
        var links = body.GetProperty("links");
        var self = links.GetProperty("self").GetProperty("href").GetString()!;
        Assert.EndsWith($"/items/{file.ItemId}/versions", self, StringComparison.Ordinal);
        Assert.Equal(self + "?page%5Bnumber%5D=1&page%5Blimit%5D=1", links.GetProperty("next").GetProperty("href").GetString());
    }

    [Fact]
    public async Task SignedDownload_SmallObject_HasApsSignedS3DownloadShape()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var body = await aps.SignDownloadAsync(file.StorageId!, "?minutesExpiration=10");

        // Assert
        JsonShape.Assert(body, "status: String", "url: String", "params: Object", "size: Number", "sha1: String");
    }
}
