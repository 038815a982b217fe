using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints;

public sealed class FolderEndpointsTests
{
    [Fact]
    public async Task Contents_FolderWithMoreThan200Entries_VisitsEveryEntryExactlyOnce()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, bigFolderId) = await BigFolderAsync(aps);

        // Act
        var (data, included, pages) = await aps.ListContentsAsync(projectId, bigFolderId);

        // Assert
        Assert.Equal(2, pages);
        Assert.Equal(235, data.Count);
        Assert.Equal(data.Count, data.Select(e => e.GetProperty("id").GetString()).Distinct().Count());
        Assert.Equal(5, data.Count(e => e.GetProperty("type").GetString() == "folders"));
        Assert.Equal(230, included.Count);
    }

    [Fact]
    public async Task Contents_FirstPage_NextLinkIsAbsoluteWithEncodedQueryAndRawId()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, bigFolderId) = await BigFolderAsync(aps);

        // Act
        var page = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(bigFolderId)}/contents");

        // Assert
        var next = page.GetProperty("links").GetProperty("next").GetProperty("href").GetString()!;
        Assert.True(Uri.TryCreate(next, UriKind.Absolute, out var uri));
        Assert.Equal(aps.Server.BaseUrl.Authority, uri.Authority);
        Assert.Contains("page%5Bnumber%5D=1", next, StringComparison.Ordinal);
        Assert.DoesNotContain('[', next);
        Assert.Contains($"/folders/{bigFolderId}/contents?", next, StringComparison.Ordinal);
        Assert.Equal(200, page.GetProperty("data").GetArrayLength());
    }

    [Fact]
    public async Task Contents_LastPage_HasNoNextLink()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, bigFolderId) = await BigFolderAsync(aps);

        // Act
        var page = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(bigFolderId)}/contents?page%5Bnumber%5D=1");

        // Assert
        Assert.False(page.GetProperty("links").TryGetProperty("next", out _));
        Assert.Equal(35, page.GetProperty("data").GetArrayLength());
    }

    [Fact]
    public async Task Contents_PageLimitAbove200_IsCappedAt200()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, bigFolderId) = await BigFolderAsync(aps);

        // Act
        var page = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(bigFolderId)}/contents?page%5Blimit%5D=500");

        // Assert
        Assert.Equal(200, page.GetProperty("data").GetArrayLength());
    }

    [Fact]
    public async Task Contents_AnyPage_IncludesTheTipVersionOfEachItem()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, bigFolderId) = await BigFolderAsync(aps);

        // Act
        var (data, included, _) = await aps.ListContentsAsync(projectId, bigFolderId);

        // Assert
        var tips = data.Where(e => e.GetProperty("type").GetString() == "items")
            .Select(e => e.GetProperty("relationships").GetProperty("tip").GetProperty("data").GetProperty("id").GetString());
        Assert.Equal(tips.Order(), included.Select(v => v.GetProperty("id").GetString()).Order());
        Assert.All(included, v => Assert.Equal("versions", v.GetProperty("type").GetString()));
    }

    [Fact]
    public async Task Contents_HiddenItem_ListedOnlyWithIncludeHidden()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();
        var edgeId = await aps.ChildFolderIdAsync(projectId, topFolders[0].GetProperty("id").GetString()!, "Edge Cases");

        // Act
        var (visible, _, _) = await aps.ListContentsAsync(projectId, edgeId);
        var (all, _, _) = await aps.ListContentsAsync(projectId, edgeId, "?includeHidden=true");

        // Assert
        static bool IsHiddenNote(JsonElement e) => e.GetProperty("attributes").TryGetProperty("displayName", out var n) && n.GetString() == "hidden note.txt";
        Assert.DoesNotContain(visible, IsHiddenNote);
        var hidden = Assert.Single(all, IsHiddenNote);
        Assert.True(hidden.GetProperty("attributes").GetProperty("hidden").GetBoolean());
    }

    [Theory]
    [InlineData("folders", 5)]
    [InlineData("items", 230)]
    public async Task Contents_FilterType_ReturnsOnlyThatType(string type, int expected)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, bigFolderId) = await BigFolderAsync(aps);

        // Act
        var (data, _, _) = await aps.ListContentsAsync(projectId, bigFolderId, $"?filter%5Btype%5D={type}");

        // Assert
        Assert.Equal(expected, data.Count);
        Assert.All(data, e => Assert.Equal(type, e.GetProperty("type").GetString()));
    }

    [Fact]
    public async Task Folder_UnknownId_Returns404WithJsonApiErrors()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, _) = await aps.TopFoldersAsync();

        // Act
        using var response = await aps.GetAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode("urn:adsk.wipprod:fs.folder:co.missing")}");

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        var body = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.Equal("1.0", body.GetProperty("jsonapi").GetProperty("version").GetString());
        Assert.Equal("404", body.GetProperty("errors")[0].GetProperty("status").GetString());
    }

    [Fact]
    public async Task Folder_IdEncodedOrNot_ResolvesToTheSameFolder()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();
        var folderId = topFolders[0].GetProperty("id").GetString()!;

        // Act
        var encoded = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{ApsTestClient.Encode(folderId)}");
        var raw = await aps.GetJsonAsync($"data/v1/projects/{projectId}/folders/{folderId}");

        // Assert
        Assert.Contains(':', folderId);
        Assert.Equal(folderId, encoded.GetProperty("data").GetProperty("id").GetString());
        Assert.Equal(folderId, raw.GetProperty("data").GetProperty("id").GetString());
    }

    [Fact]
    public async Task Folders_EveryFolder_RollupIsTheNewestChangeBelowIt()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();

        // Act
        var tree = await FolderTree.ReadAsync(aps, projectId, topFolders.Select(f => f.GetProperty("id").GetString()!));

        // Assert
        Assert.True(tree.Folders.Count > 20);
        foreach (var (id, folder) in tree.Folders)
        {
            var newest = folder.ItemTimes.Append(folder.LastModified)
                .Concat(tree.Folders.Values.Where(f => f.ParentId == id).Select(f => f.Rollup))
                .Max(StringComparer.Ordinal);
            Assert.Equal(newest, folder.Rollup);
        }
    }

    internal static async Task<(string ProjectId, string FolderId)> BigFolderAsync(ApsTestClient aps)
    {
        var (projectId, topFolders) = await aps.TopFoldersAsync();
        var architecture = await aps.ChildFolderIdAsync(projectId, topFolders[0].GetProperty("id").GetString()!, "Architecture");
        return (projectId, await aps.ChildFolderIdAsync(projectId, architecture, "Big Folder"));
    }
}
