using System.Buffers.Text;
using System.Text;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class ItemTipShapeTests
{
    [Fact]
    public async Task Tip_Get_HasApsVersionShapeWithDerivativesThumbnailsAndStorage()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}/tip");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Version("data"), ["!included"]));
        var relationships = body.GetProperty("data").GetProperty("relationships");
        var derivatives = relationships.GetProperty("derivatives");
        var urn = derivatives.GetProperty("data").GetProperty("id").GetString()!;
        Assert.Equal("derivatives", derivatives.GetProperty("data").GetProperty("type").GetString());
        Assert.Equal(file.VersionId, Encoding.UTF8.GetString(Base64Url.DecodeFromChars(urn)));
        Assert.Contains($"/modelderivative/v2/designdata/{urn}/manifest?scopes=", derivatives.GetProperty("meta").GetProperty("link").GetProperty("href").GetString(), StringComparison.Ordinal);
        Assert.Contains($"/modelderivative/v2/designdata/{urn}/thumbnail?scopes=", relationships.GetProperty("thumbnails").GetProperty("meta").GetProperty("link").GetProperty("href").GetString(), StringComparison.Ordinal);
        Assert.Equal("objects", relationships.GetProperty("storage").GetProperty("data").GetProperty("type").GetString());
    }

    [Fact]
    public async Task Tip_StorageLink_ScopesNameProjectGlobalAndTenant()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}/tip");

        // Assert
        var storage = body.GetProperty("data").GetProperty("relationships").GetProperty("storage");
        var href = storage.GetProperty("meta").GetProperty("link").GetProperty("href").GetString()!;
        Assert.Matches($@"/oss/v2/buckets/wip\.dm\.prod/objects/[0-9a-f-]{{36}}\.pdf\?scopes=b360project\.{file.ProjectId[2..]},global,O2tenant\.\d{{8}}$", href);
        Assert.Matches(@"^urn:adsk\.objects:os\.object:wip\.dm\.prod/[0-9a-f-]{36}\.pdf$", storage.GetProperty("data").GetProperty("id").GetString());
    }
}
