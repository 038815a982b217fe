using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class ProjectsShapeTests
{
    [Fact]
    public async Task Projects_FirstOfTwoPages_HasApsProjectShapeAndOnlySelfAndNextLinks()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var body = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects?page%5Blimit%5D=2");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ApsShapes.Project("data[*]"), ["links.next.href: String"]));
        var self = body.GetProperty("links").GetProperty("self").GetProperty("href").GetString()!;
        Assert.EndsWith($"/project/v1/hubs/{aps.Server.HubId}/projects", self, StringComparison.Ordinal);
        Assert.Equal(self + "?page%5Bnumber%5D=1&page%5Blimit%5D=2", body.GetProperty("links").GetProperty("next").GetProperty("href").GetString());
    }

    [Fact]
    public async Task Projects_LastPage_HasNoNextLink()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var body = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects?page%5Bnumber%5D=1&page%5Blimit%5D=2");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ApsShapes.Project("data[*]"), ["!links.next"]));
    }

    [Fact]
    public async Task Project_Get_NamesTheServiceContainersTheReferenceLists()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, _) = await aps.RootFolderAsync();

        // Act
        var body = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects/{projectId}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Project("data")));
        var relationships = body.GetProperty("data").GetProperty("relationships");
        Assert.Equal("issueContainerId", relationships.GetProperty("issues").GetProperty("data").GetProperty("type").GetString());
        Assert.Equal(projectId[2..], relationships.GetProperty("cost").GetProperty("data").GetProperty("id").GetString());
        Assert.Equal(
            relationships.GetProperty("issues").GetProperty("data").GetProperty("id").GetString(),
            relationships.GetProperty("rfis").GetProperty("data").GetProperty("id").GetString());
    }
}
