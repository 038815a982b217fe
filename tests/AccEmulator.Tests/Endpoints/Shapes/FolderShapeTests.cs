using System.Net;
using AccEmulator.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class FolderShapeTests
{
    [Fact]
    public async Task Folder_ProjectRoot_HasNoVisibleTypesNorActionsAndAHiddenParent()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, rootId) = await aps.RootFolderAsync();

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{rootId}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Folder("data"), ["!data.attributes.extension.data.visibleTypes"]));
        var root = body.GetProperty("data");
        Assert.Equal(projectId[2..] + "-root-folder", root.GetProperty("attributes").GetProperty("name").GetString());
        Assert.Equal(0, root.GetProperty("attributes").GetProperty("extension").GetProperty("data").GetProperty("actions").GetArrayLength());
        var parentId = root.GetProperty("relationships").GetProperty("parent").GetProperty("data").GetProperty("id").GetString()!;
        Assert.Matches(@"^urn:adsk\.wipprod:fs\.folder:co\.[A-Za-z0-9_-]{20}-g$", parentId);
        Assert.NotEqual(rootId, parentId);
    }

    [Fact]
    public async Task Folder_AboveTheRoot_Answers403WithJsonApiErrors()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, rootId) = await aps.RootFolderAsync();
        var root = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{rootId}");
        var parentId = root.GetProperty("data").GetProperty("relationships").GetProperty("parent").GetProperty("data").GetProperty("id").GetString()!;

        // Act
        var (status, body) = await aps.GetErrorAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(parentId)}");
        var (parentStatus, _) = await aps.GetErrorAsync($"data/v1/projects/{projectId}/folders/{rootId}/parent");

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, status);
        Assert.Equal(HttpStatusCode.Forbidden, parentStatus);
        JsonShape.Assert(body, ApsShapes.Error);
        Assert.Equal("403", body.GetProperty("errors")[0].GetProperty("status").GetString());
    }

    [Fact]
    public async Task Folder_Unknown_Answers404WithJsonApiErrors()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, _) = await aps.RootFolderAsync();

        // Act
        var (status, body) = await aps.GetErrorAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode("urn:adsk.wipprod:fs.folder:co.missing")}/contents");

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, status);
        JsonShape.Assert(body, ApsShapes.Error);
    }

    [Fact]
    public async Task Folder_TopFolder_ParentIsTheProjectRoot()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (_, rootId) = await aps.RootFolderAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{topFolders[0].GetProperty("id").GetString()}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.SubFolder("data")));
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
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ["links.next.href: String", "included: Array"],
            ApsShapes.SubFolder("data[0]"), ApsShapes.Item("data[5]"), ApsShapes.Version("included[*]")));
        var links = body.GetProperty("links");
        var self = links.GetProperty("self").GetProperty("href").GetString()!;
        Assert.Equal($"{aps.Server.BaseUrl}data/v1/projects/{projectId}/folders/{folderId}/contents", self);
        Assert.Equal(self + "?page%5Bnumber%5D=1&page%5Blimit%5D=200&includeHidden=true", links.GetProperty("next").GetProperty("href").GetString());
    }

    [Fact]
    public async Task Contents_LastPage_HasNeitherNextNorFirstNorPrev()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, folderId) = await FolderEndpointsTests.BigFolderAsync(aps);

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{folderId}/contents?page%5Bnumber%5D=1");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ["!links.next"], ApsShapes.Item("data[*]"), ApsShapes.Version("included[*]")));
    }

    [Fact]
    public async Task Contents_EmptyFolder_OmitsIncluded()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync(projectIndex: 2);

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{topFolders[0].GetProperty("id").GetString()}/contents");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ["!included", "!links.next"]));
        Assert.Equal(0, body.GetProperty("data").GetArrayLength());
    }

    [Fact]
    public async Task Contents_FoldersOnly_OmitsIncluded()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{topFolders[0].GetProperty("id").GetString()}/contents?filter%5Btype%5D=folders");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Collection, ApsShapes.SubFolder("data[*]"), ["!included"]));
    }

    [Fact]
    public async Task Contents_EdgeCases_SomeFilesAreReservedWithTheirDetails()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();
        var architecture = await aps.ChildFolderIdAsync(projectId, topFolders[0].GetProperty("id").GetString()!, "Architecture");

        // Act
        var (data, _, _) = await aps.ListContentsAsync(projectId, architecture, "?filter%5Btype%5D=items");

        // Assert
        var reserved = data.Where(i => i.GetProperty("attributes").GetProperty("reserved").GetBoolean()).ToList();
        var free = data.Except(reserved).ToList();
        Assert.Equal("Specifications.docx", Assert.Single(reserved).GetProperty("attributes").GetProperty("displayName").GetString());
        Assert.NotEmpty(free);
        Assert.All(reserved, i => JsonShape.Assert(i, "attributes.reservedTime: String", "attributes.reservedUserId: String", "attributes.reservedUserName: String"));
        Assert.All(free, i => JsonShape.Assert(i, "!attributes.reservedTime", "!attributes.reservedUserId", "!attributes.reservedUserName"));
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
    public async Task Contents_RelativePageLinks_NextIsAHostRelativePath()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { PageLinkQuery = PageLinkQuery.PageNumberOnly, RelativePageLinks = true });
        var (projectId, folderId) = await FolderEndpointsTests.BigFolderAsync(aps);

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{folderId}/contents?page%5Blimit%5D=200");

        // Assert
        var links = body.GetProperty("links");
        var self = links.GetProperty("self").GetProperty("href").GetString()!;
        var origin = aps.Server.BaseUrl.GetLeftPart(UriPartial.Authority);
        Assert.StartsWith(origin + "/data/v1/", self, StringComparison.Ordinal);
        Assert.Equal(self[origin.Length..] + "?page%5Bnumber%5D=1", links.GetProperty("next").GetProperty("href").GetString());
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
