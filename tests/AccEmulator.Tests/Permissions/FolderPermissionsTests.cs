using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using AccEmulator.Permissions;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.Issues;
using AccEmulator.Tests.TestSupport;
using AccEmulator.Tests.Writes;

namespace AccEmulator.Tests.Permissions;

public sealed class FolderPermissionsTests
{
    private static readonly string[] WriteScopes = ["data:read", "data:write", "data:create"];

    [Fact]
    public async Task CreateStorage_UserWithoutUploadOnAParentFolder_Returns403WhileTheAppMayUpload()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var projectFiles = (await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/folders/{ApsTestClient.Encode(file.FolderId)}/parent"))
            .GetProperty("data").GetProperty("id").GetString()!;
        aps.Server.Permissions.Set(projectFiles, "VIEWER1", PermissionActions.ViewDownload);

        // Act
        using var viewer = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "a.pdf", userId: "VIEWER1");
        using var other = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "a.pdf", userId: "EDITOR1");
        using var app = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "a.pdf");

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, viewer.StatusCode);
        Assert.Contains("lacks the 'upload' permission", await viewer.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.Created, other.StatusCode);
        Assert.Equal(HttpStatusCode.Created, app.StatusCode);
    }

    [Fact]
    public async Task CreateItem_ServiceAccountWithoutUpload_Returns403()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var storageId = await WriteRequests.UploadAsync(aps, file.ProjectId, file.FolderId, "ssa.pdf", WriteRequests.Bytes(100, seed: 20));
        using var key = new ServiceAccountKey();
        aps.Server.RegisterServiceAccount(key.Registration());
        aps.Server.Permissions.Set(file.FolderId, key.AccountId, PermissionActions.ViewDownload);
        var token = await key.TokenAsync(aps.Http, aps.Server, ManualTimeProvider.DefaultStart, WriteScopes);
        aps.Http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);

        // Act
        using var denied = await WriteRequests.CreateItemAsync(aps, file.ProjectId, file.FolderId, "ssa.pdf", storageId);
        aps.Server.Permissions.Set(file.FolderId, key.AccountId, PermissionActions.All);
        using var allowed = await WriteRequests.CreateItemAsync(aps, file.ProjectId, file.FolderId, "ssa.pdf", storageId);

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, denied.StatusCode);
        Assert.Contains("lacks the 'upload' permission", await denied.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.Created, allowed.StatusCode);
    }

    [Theory]
    [InlineData(false, true)]
    [InlineData(true, false)]
    public async Task CreateStorage_ServiceAccountWithoutWriteScopeOrNotInvited_Returns403(bool writeScope, bool invited)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var other = (await ItemEndpointsTests.FileAsync(aps, "Main contract.pdf")).ProjectId;
        using var key = new ServiceAccountKey();
        aps.Server.RegisterServiceAccount(key.Registration([invited ? file.ProjectId : other]));
        var token = await key.TokenAsync(aps.Http, aps.Server, ManualTimeProvider.DefaultStart, writeScope ? WriteScopes : ["data:read"]);
        aps.Http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);

        // Act
        using var response = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "a.pdf");

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains(writeScope ? "not a member" : "scope", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task CheckPermission_UserDeniedUpload_AnswersPerActionDetailsAndFalse()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        using var grant = await aps.Http.PutAsJsonAsync("_emulator/permissions",
            new { folderId = file.FolderId, userId = "VIEWER2", actions = new[] { "read", "view", "download" } });

        // Act
        using var viewer = await WriteRequests.CheckPermissionAsync(aps, file.ProjectId, file.FolderId, ["view", "upload"], userId: "VIEWER2");
        using var app = await WriteRequests.CheckPermissionAsync(aps, file.ProjectId, file.FolderId, ["view", "upload"]);

        // Assert
        Assert.Equal(HttpStatusCode.NoContent, grant.StatusCode);
        var result = (await WriteRequests.JsonAsync(viewer)).GetProperty("data").GetProperty("attributes").GetProperty("extension");
        Assert.Equal("commands:autodesk.core:CheckPermission", result.GetProperty("type").GetString());
        var permission = result.GetProperty("data").GetProperty("permissions")[0];
        Assert.Equal(file.FolderId, permission.GetProperty("id").GetString());
        Assert.True(permission.GetProperty("details").GetProperty("view").GetBoolean());
        Assert.False(permission.GetProperty("details").GetProperty("upload").GetBoolean());
        Assert.False(permission.GetProperty("permission").GetBoolean());
        Assert.True((await WriteRequests.JsonAsync(app)).GetProperty("data").GetProperty("attributes").GetProperty("extension")
            .GetProperty("data").GetProperty("permissions")[0].GetProperty("permission").GetBoolean());
    }
}
