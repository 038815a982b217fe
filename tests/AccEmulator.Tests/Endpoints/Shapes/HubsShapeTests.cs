using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class HubsShapeTests
{
    [Fact]
    public async Task Hubs_List_HasApsHubShape()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var body = await aps.GetJsonAsync("project/v1/hubs");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ApsShapes.Hub("data[*]"), ["meta.warnings: Array", "!links.next", "!included"]));
    }
}
