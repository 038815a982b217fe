using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints;

public sealed class ProjectEndpointsTests
{
    [Fact]
    public async Task Hubs_Demo_ReturnsOneBim360AccountHub()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var hubs = await aps.GetJsonAsync("project/v1/hubs");

        // Assert
        Assert.Equal("1.0", hubs.GetProperty("jsonapi").GetProperty("version").GetString());
        var hub = Assert.Single(hubs.GetProperty("data").EnumerateArray());
        Assert.Equal("hubs", hub.GetProperty("type").GetString());
        Assert.Equal("b." + aps.Server.AccountId, hub.GetProperty("id").GetString());
        Assert.Equal(aps.Server.HubId, hub.GetProperty("id").GetString());
        Assert.Equal("US", hub.GetProperty("attributes").GetProperty("region").GetString());
        Assert.Equal("hubs:autodesk.bim360:Account", hub.GetProperty("attributes").GetProperty("extension").GetProperty("type").GetString());
    }

    [Fact]
    public async Task Projects_PageLimitOne_FollowsNextAndVisitsEveryProjectOnce()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var names = new List<string>();
        string? url = $"project/v1/hubs/{aps.Server.HubId}/projects?page%5Blimit%5D=1";

        // Act
        while (url is not null)
        {
            var page = await aps.GetJsonAsync(url);
            names.AddRange(page.GetProperty("data").EnumerateArray().Select(p => p.GetProperty("attributes").GetProperty("name").GetString()!));
            url = page.GetProperty("links").TryGetProperty("next", out var next) ? next.GetProperty("href").GetString() : null;
        }

        // Assert
        Assert.Equal(["Demo Tower", "Demo Hospital", "Demo Empty"], names);
    }

    [Fact]
    public async Task Projects_Demo_CarryRootFolderAndProjectType()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var projects = await aps.GetJsonAsync($"project/v1/hubs/{aps.Server.HubId}/projects");

        // Assert
        var tower = projects.GetProperty("data")[0];
        Assert.StartsWith("b.", tower.GetProperty("id").GetString(), StringComparison.Ordinal);
        Assert.Equal("ACC", tower.GetProperty("attributes").GetProperty("extension").GetProperty("data").GetProperty("projectType").GetString());
        Assert.StartsWith("urn:adsk.wipprod:fs.folder:co.",
            tower.GetProperty("relationships").GetProperty("rootFolder").GetProperty("data").GetProperty("id").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task TopFolders_DemoTower_ReturnsProjectFilesAndPlans()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var (_, topFolders) = await aps.TopFoldersAsync();

        // Assert
        Assert.Equal(["Project Files", "Plans"], topFolders.Select(f => f.GetProperty("attributes").GetProperty("name").GetString()));
        Assert.All(topFolders, f => Assert.Equal("folders:autodesk.bim360:Folder",
            f.GetProperty("attributes").GetProperty("extension").GetProperty("type").GetString()));
    }

    [Fact]
    public async Task Projects_UnknownHub_Returns404WithJsonApiErrors()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.GetAsync("project/v1/hubs/b.00000000-0000-0000-0000-000000000000/projects");

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        var error = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("errors")[0];
        Assert.Equal("404", error.GetProperty("status").GetString());
    }
}
