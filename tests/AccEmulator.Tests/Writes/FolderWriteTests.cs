using System.Net;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Writes;

public sealed class FolderWriteTests
{
    [Fact]
    public async Task CreateFolder_InProjectFiles_Returns201AndIsListed()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, top) = await aps.TopFoldersAsync();
        var projectFiles = top.Single(f => f.GetProperty("attributes").GetProperty("name").GetString() == "Project Files").GetProperty("id").GetString()!;

        // Act
        using var response = await WriteRequests.CreateFolderAsync(aps, projectId, projectFiles, "Restored");

        // Assert
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Equal("Restored", (await WriteRequests.JsonAsync(response)).GetProperty("data").GetProperty("attributes").GetProperty("name").GetString());
        Assert.NotNull(await aps.ChildFolderIdAsync(projectId, projectFiles, "Restored"));
    }

    [Fact]
    public async Task CreateFolder_InTheProjectRoot_Returns403()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (projectId, rootId) = await aps.RootFolderAsync();

        // Act
        using var response = await WriteRequests.CreateFolderAsync(aps, projectId, rootId, "Not here");

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains("root folder", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task CreateFolder_ExistingNameInOtherCase_Returns409()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var projectFiles = (await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/folders/{ApsTestClient.Encode(file.FolderId)}/parent"))
            .GetProperty("data").GetProperty("id").GetString()!;

        // Act
        using var response = await WriteRequests.CreateFolderAsync(aps, file.ProjectId, projectFiles, "ARCHITECTURE");

        // Assert
        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
        Assert.Contains("already exists", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task PatchFolder_HiddenThenNotHidden_HidesAndRestoresItsFiles()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");

        // Act
        using var hide = await WriteRequests.PatchFolderAsync(aps, file.ProjectId, file.FolderId, hidden: true);
        var whileHidden = (await aps.Server.Truth.GetFilesAsync()).Single(f => f.ItemId == file.ItemId);
        using var restore = await WriteRequests.PatchFolderAsync(aps, file.ProjectId, file.FolderId, hidden: false);
        var restored = (await aps.Server.Truth.GetFilesAsync()).Single(f => f.ItemId == file.ItemId);

        // Assert
        Assert.Equal(HttpStatusCode.OK, hide.StatusCode);
        Assert.True((await WriteRequests.JsonAsync(hide)).GetProperty("data").GetProperty("attributes").GetProperty("hidden").GetBoolean());
        Assert.True(whileHidden.Hidden);
        Assert.Equal(HttpStatusCode.OK, restore.StatusCode);
        Assert.False(restored.Hidden);
    }

    [Fact]
    public async Task PatchFolder_RestoreWhileAVisibleFolderHasItsName_Returns409()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var parent = (await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/folders/{ApsTestClient.Encode(file.FolderId)}/parent"))
            .GetProperty("data").GetProperty("id").GetString()!;
        using var hide = await WriteRequests.PatchFolderAsync(aps, file.ProjectId, file.FolderId, hidden: true);
        using var replacement = await WriteRequests.CreateFolderAsync(aps, file.ProjectId, parent, "Architecture");

        // Act
        using var restore = await WriteRequests.PatchFolderAsync(aps, file.ProjectId, file.FolderId, hidden: false);

        // Assert
        Assert.Equal(HttpStatusCode.Created, replacement.StatusCode);
        Assert.Equal(HttpStatusCode.Conflict, restore.StatusCode);
        Assert.Contains("restore it under a new name", await restore.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }
}
