using AccEmulator.Tests.TestSupport;
using System.Net.Http.Json;
using System.Text.Json;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class ProjectShapeTests
{
    [Fact]
    public async Task Token_ClientCredentials_HasApsTokenShape()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.RequestTokenAsync(aps.Server.ClientId, aps.Server.ClientSecret);
        var body = await response.EnsureSuccessStatusCode().Content.ReadFromJsonAsync<JsonElement>();

        // Assert
        JsonShape.Assert(body, "access_token: String", "token_type: String", "expires_in: Number");
    }

    [Fact]
    public async Task Hubs_List_HasApsHubShape()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var body = await aps.GetJsonAsync("project/v1/hubs");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, [
            "data[0].type: String", "data[0].id: String", "data[0].attributes.name: String", "data[0].attributes.region: String",
            "data[0].attributes.extension.type: String", "data[0].links.self.href: String",
            "data[0].relationships.projects.links.related.href: String", "meta.warnings: Array"]));
    }

    [Fact]
    public async Task Projects_List_HasApsProjectShapeAndNoQueryInSelf()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var body = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects?page%5Blimit%5D=1");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, [
            "links.first.href: String", "links.next.href: String",
            "data[0].type: String", "data[0].id: String", "data[0].attributes.name: String", "data[0].attributes.scopes: Array",
            "data[0].attributes.extension.data.projectType: String", "data[0].links.self.href: String",
            "data[0].relationships.hub.data.id: String",
            "data[0].relationships.rootFolder.data.type: String", "data[0].relationships.rootFolder.data.id: String",
            "data[0].relationships.rootFolder.meta.link.href: String",
            "data[0].relationships.topFolders.links.related.href: String"]));
        var self = body.GetProperty("links").GetProperty("self").GetProperty("href").GetString()!;
        Assert.EndsWith($"/project/v1/hubs/{aps.Server.HubId}/projects", self, StringComparison.Ordinal);
        Assert.EndsWith("/projects?page%5Bnumber%5D=1&page%5Blimit%5D=1", body.GetProperty("links").GetProperty("next").GetProperty("href").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task TopFolders_List_EachHasParentRefsAndLinksRelationships()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, _) = await aps.TopFoldersAsync();

        // Act
        var body = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects/{projectId}/topFolders");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Folder("data[0]"), ApsShapes.Folder("data[1]")));
    }
}
