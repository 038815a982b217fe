using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class ItemVersionsShapeTests
{
    [Fact]
    public async Task Versions_FirstPage_HasApsVersionShapeAndNextWithoutQueryInSelf()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}/versions?page%5Blimit%5D=1");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ["links.next.href: String", "!included"], ApsShapes.Version("data[*]")));
        var links = body.GetProperty("links");
        var self = links.GetProperty("self").GetProperty("href").GetString()!;
        Assert.EndsWith($"/items/{file.ItemId}/versions", self, StringComparison.Ordinal);
        Assert.Equal(self + "?page%5Bnumber%5D=1&page%5Blimit%5D=1", links.GetProperty("next").GetProperty("href").GetString());
    }

    [Fact]
    public async Task Versions_AllOnOnePage_HasNoNextLink()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}/versions");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ["!links.next"], ApsShapes.Version("data[*]")));
        Assert.Equal(3, body.GetProperty("data").GetArrayLength());
    }
}
