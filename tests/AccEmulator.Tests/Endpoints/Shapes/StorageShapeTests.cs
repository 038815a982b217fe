using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class StorageShapeTests
{
    [Fact]
    public async Task Storage_Create_AnswersAnObjectTargetingTheFolder()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, topFolders) = await aps.TopFoldersAsync();
        var folderId = topFolders[0].GetProperty("id").GetString()!;

        // Act
        using var response = await CreateStorageAsync(aps, projectId, folderId, "new model.rvt");
        var body = await response.Content.ReadFromJsonAsync<JsonElement>();

        // Assert
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        JsonShape.Assert(body, "jsonapi.version: String", "links.self.href: String", "data.type: String", "data.id: String",
            "data.relationships.target.data.type: String", "data.relationships.target.data.id: String",
            "data.relationships.target.links.related.href: String", "!data.attributes", "!included", "!links.next");
        Assert.Matches(@"^urn:adsk\.objects:os\.object:wip\.dm\.prod/[0-9a-f-]{36}\.rvt$", body.GetProperty("data").GetProperty("id").GetString());
        Assert.Equal(folderId, body.GetProperty("data").GetProperty("relationships").GetProperty("target").GetProperty("data").GetProperty("id").GetString());
    }

    [Fact]
    public async Task Storage_UnknownFolder_Answers404WithJsonApiErrors()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, _) = await aps.TopFoldersAsync();

        // Act
        using var response = await CreateStorageAsync(aps, projectId, "urn:adsk.wipprod:fs.folder:co.missing", "a.pdf");

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        JsonShape.Assert(await response.Content.ReadFromJsonAsync<JsonElement>(), ApsShapes.Error);
    }

    private static Task<HttpResponseMessage> CreateStorageAsync(ApsTestClient aps, string projectId, string folderId, string name)
    {
        var payload = JsonSerializer.Serialize(new
        {
            jsonapi = new { version = "1.0" },
            data = new
            {
                type = "objects",
                attributes = new { name },
                relationships = new { target = new { data = new { type = "folders", id = folderId } } },
            },
        });
        return aps.Http.PostAsync($"data/v1/projects/{projectId}/storage", new StringContent(payload, Encoding.UTF8, "application/vnd.api+json"));
    }
}
