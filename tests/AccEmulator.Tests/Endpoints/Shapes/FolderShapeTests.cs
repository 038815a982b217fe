using System.Text.Json;
using AccEmulator.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class FolderShapeTests
{
    [Fact]
    public async Task Folder_ProjectRoot_IsNamedRootFolderWithHiddenParent()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var project = (await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects")).GetProperty("data")[0];
        var rootId = project.GetProperty("relationships").GetProperty("rootFolder").GetProperty("data").GetProperty("id").GetString()!;
        var projectId = project.GetProperty("id").GetString()!;

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{rootId}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Folder("data")));
        var root = body.GetProperty("data");
        Assert.Equal(projectId[2..] + "-root-folder", root.GetProperty("attributes").GetProperty("name").GetString());
        var parentId = root.GetProperty("relationships").GetProperty("parent").GetProperty("data").GetProperty("id").GetString()!;
        Assert.Matches(@"^urn:adsk\.wipprod:fs\.folder:co\.[A-Za-z0-9_-]{20}-g$", parentId);
        Assert.NotEqual(rootId, parentId);
    }

    [Fact]
    public async Task Folder_TopFolder_ParentIsTheProjectRoot()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var projects = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects");
        var rootId = projects.GetProperty("data")[0].GetProperty("relationships").GetProperty("rootFolder").GetProperty("data").GetProperty("id").GetString();
        var (projectId, topFolders) = await aps.TopFoldersAsync();

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{topFolders[0].GetProperty("id").GetString()}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Folder("data")));
        Assert.Equal(rootId, body.GetProperty("data").GetProperty("relationships").GetProperty("parent").GetProperty("data").GetProperty("id").GetString());
    }

    [Fact]
    public async Task Contents_FirstPage_HasApsShapeAndNextKeepsTheRequestQuery()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, folderId) = await FolderEndpointsTests.BigFolderAsync(aps);

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{folderId}/contents?page%5Blimit%5D=200&includeHidden=true");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ["links.first.href: String", "links.next.href: String"],
            ApsShapes.Folder("data[0]"), ApsShapes.Item("data[5]"), ApsShapes.Version("included[0]")));
        var links = body.GetProperty("links");
        var self = links.GetProperty("self").GetProperty("href").GetString()!;
        Assert.Equal($"{aps.Server.BaseUrl}data/v1/projects/{projectId}/folders/{folderId}/contents", self);
        Assert.Equal(self + "?page%5Bnumber%5D=0&page%5Blimit%5D=200&includeHidden=true", links.GetProperty("first").GetProperty("href").GetString());
        Assert.Equal(self + "?page%5Bnumber%5D=1&page%5Blimit%5D=200&includeHidden=true", links.GetProperty("next").GetProperty("href").GetString());
    }

    [Fact]
    public async Task Contents_PageNumberOnlyLinks_NextCarriesOnlyThePageNumber()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { PageLinkQuery = PageLinkQuery.PageNumberOnly });
        var (projectId, folderId) = await FolderEndpointsTests.BigFolderAsync(aps);

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{folderId}/contents?page%5Blimit%5D=200&includeHidden=true");

        // Assert
        var links = body.GetProperty("links");
        var self = links.GetProperty("self").GetProperty("href").GetString()!;
        Assert.Equal(self + "?page%5Bnumber%5D=1", links.GetProperty("next").GetProperty("href").GetString());
    }

    [Fact]
    public async Task Contents_AnyHref_KeepsIdsRawAndSelfWithoutQuery()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, folderId) = await FolderEndpointsTests.BigFolderAsync(aps);

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{folderId}/contents?page%5Bnumber%5D=1");

        // Assert
        var apiHrefs = JsonShape.Hrefs(body).Where(h => h.Href.StartsWith(aps.Server.BaseUrl.ToString(), StringComparison.Ordinal)).ToList();
        Assert.NotEmpty(apiHrefs);
        Assert.All(apiHrefs, h => Assert.DoesNotContain("%3A", h.Href, StringComparison.Ordinal));
        Assert.All(apiHrefs.Where(h => h.Path.EndsWith("links.self.href", StringComparison.Ordinal)), h => Assert.DoesNotContain('?', h.Href));
        var version = body.GetProperty("included")[0];
        var versionId = version.GetProperty("id").GetString()!;
        Assert.EndsWith("/versions/" + versionId.Replace("?", "%3F", StringComparison.Ordinal),
            version.GetProperty("links").GetProperty("self").GetProperty("href").GetString(), StringComparison.Ordinal);
    }
}
