using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class TopFoldersShapeTests
{
    [Fact]
    public async Task TopFolders_List_EachIsASubFolderWithActionsAndNoPath()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, _) = await aps.RootFolderAsync();

        // Act
        var body = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects/{projectId}/topFolders");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.SubFolder("data[*]"), ["!links.next", "!included"]));
        var actions = body.GetProperty("data").EnumerateArray()
            .ToDictionary(f => f.GetProperty("attributes").GetProperty("name").GetString()!,
                f => f.GetProperty("attributes").GetProperty("extension").GetProperty("data").GetProperty("actions").EnumerateArray().Select(a => a.GetString()!).ToList());
        Assert.Equal<string>(["CONVERT"], actions["Project Files"]);
        Assert.Equal<string>(["CONVERT", "SPLIT", "OCR"], actions["Plans"]);
    }
}
