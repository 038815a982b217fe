using System.Net;
using System.Security.Cryptography;
using AccEmulator.Control;
using AccEmulator.Faults;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Writes;

public sealed class ItemWriteTests
{
    [Fact]
    public async Task CreateItem_FromUploadedStorage_ListedAndInTheTruthWithTheUploadedHash()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var neighbour = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var bytes = WriteRequests.Bytes(4096, seed: 10);
        var storageId = await WriteRequests.UploadAsync(aps, neighbour.ProjectId, neighbour.FolderId, "Restored.pdf", bytes);

        // Act
        using var response = await WriteRequests.CreateItemAsync(aps, neighbour.ProjectId, neighbour.FolderId, "Restored.pdf", storageId);

        // Assert
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var body = await WriteRequests.JsonAsync(response);
        var itemId = body.GetProperty("data").GetProperty("id").GetString();
        Assert.Equal(storageId, body.GetProperty("included")[0].GetProperty("relationships").GetProperty("storage").GetProperty("data").GetProperty("id").GetString());
        var (data, _, _) = await aps.ListContentsAsync(neighbour.ProjectId, neighbour.FolderId);
        Assert.Contains(data, e => e.GetProperty("id").GetString() == itemId);
        var truth = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All)).Single(f => f.ItemId == itemId);
        Assert.Equal(string.Join('/', neighbour.FolderSegments) + "/Restored.pdf", truth.Path);
        Assert.Equal(Convert.ToHexStringLower(SHA256.HashData(bytes)), truth.Sha256);
        Assert.Equal(1, aps.Server.GetWriteStats().VersionsCreatedByItem[itemId!]);
    }

    [Fact]
    public async Task CreateItem_NameOfAnExistingItemInOtherCase_Returns409()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var existing = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var storageId = await WriteRequests.UploadAsync(aps, existing.ProjectId, existing.FolderId, "door schedule.xlsx", WriteRequests.Bytes(100, seed: 11));

        // Act
        using var response = await WriteRequests.CreateItemAsync(aps, existing.ProjectId, existing.FolderId, "door SCHEDULE.xlsx", storageId);

        // Assert
        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
        Assert.Contains("already exists", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(0, aps.Server.GetWriteStats().ItemsCreated);
    }

    [Fact]
    public async Task CreateItem_StorageNeverUploaded_Returns400()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var neighbour = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        using var storage = await WriteRequests.CreateStorageAsync(aps, neighbour.ProjectId, neighbour.FolderId, "empty.pdf");
        var storageId = (await WriteRequests.JsonAsync(storage)).GetProperty("data").GetProperty("id").GetString();

        // Act
        using var response = await WriteRequests.CreateItemAsync(aps, neighbour.ProjectId, neighbour.FolderId, "empty.pdf", storageId);

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("complete its upload", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task CreateVersion_NewStorage_BecomesTheTipInTheTruth()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var bytes = WriteRequests.Bytes(3000, seed: 12);
        var storageId = await WriteRequests.UploadAsync(aps, file.ProjectId, file.FolderId, "Door Schedule.xlsx", bytes);

        // Act
        using var response = await WriteRequests.CreateVersionAsync(aps, file.ProjectId, file.ItemId, "Door Schedule.xlsx", storageId);

        // Assert
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var body = await WriteRequests.JsonAsync(response);
        Assert.Equal(file.VersionNumber + 1, body.GetProperty("data").GetProperty("attributes").GetProperty("versionNumber").GetInt32());
        Assert.Equal(file.ItemId, body.GetProperty("included")[0].GetProperty("id").GetString());
        var tip = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All)).Single(f => f.ItemId == file.ItemId);
        Assert.Equal(Convert.ToHexStringLower(SHA256.HashData(bytes)), tip.Sha256);
        Assert.Equal(1, aps.Server.GetWriteStats().VersionsCreatedByItem[file.ItemId]);
    }

    [Fact]
    public async Task CreateVersion_DeletedType_AddsACoreDeletedTipAndHidesTheItem()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");

        // Act
        using var response = await WriteRequests.DeleteAsync(aps, file.ProjectId, file.ItemId);

        // Assert
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var tip = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}");
        Assert.True(tip.GetProperty("data").GetProperty("attributes").GetProperty("hidden").GetBoolean());
        Assert.Equal(file.DisplayName, tip.GetProperty("data").GetProperty("attributes").GetProperty("displayName").GetString());
        var deleted = tip.GetProperty("included")[0].GetProperty("attributes");
        Assert.Equal(file.VersionNumber + 1, deleted.GetProperty("versionNumber").GetInt32());
        Assert.Equal("versions:autodesk.core:Deleted", deleted.GetProperty("extension").GetProperty("type").GetString());
        Assert.Equal(file.DisplayName, deleted.GetProperty("extension").GetProperty("data").GetProperty("originalName").GetString());
        Assert.True(Guid.TryParse(deleted.GetProperty("name").GetString(), out _));
        Assert.DoesNotContain(await aps.Server.Truth.GetFilesAsync(), f => f.ItemId == file.ItemId);
    }

    [Fact]
    public async Task CreateVersion_CopyFromTheVersionBeforeTheDelete_UndeletesTheSameItemWithItsTipBytes()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf", TruthHashing.All);
        aps.Server.Mutations.DeleteFile(file.ItemId);

        // Act
        using var response = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);

        // Assert
        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        var restored = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All)).Single(f => f.ItemId == file.ItemId);
        Assert.False(restored.Hidden);
        Assert.Equal(file.VersionNumber + 2, restored.VersionNumber);
        Assert.Equal(file.Sha256, restored.Sha256);
        Assert.Equal(file.Path, restored.Path);
        Assert.Equal(1, aps.Server.GetWriteStats().VersionsCreated);
    }

    [Fact]
    public async Task CreateVersion_CopyFromAnotherProject_Returns400()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var tower = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");
        var hospital = await ItemEndpointsTests.FileAsync(aps, "Main contract.pdf");

        // Act
        using var response = await WriteRequests.CopyFromAsync(aps, hospital.ProjectId, tower.VersionId);

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("another project", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task CreateVersion_WhileTheLastVersionProcesses_Returns409UntilProcessed()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        var faults = new FaultOptions { Writes = new WriteFaults { VersionProcessingTime = TimeSpan.FromSeconds(30) } };
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock) with { Faults = faults });
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        using var first = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);

        // Act
        using var processing = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);
        clock.Advance(TimeSpan.FromSeconds(31));
        using var processed = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);

        // Assert
        Assert.Equal(HttpStatusCode.Created, first.StatusCode);
        Assert.Equal(HttpStatusCode.Conflict, processing.StatusCode);
        Assert.Contains("still processing", await processing.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.Created, processed.StatusCode);
    }

    [Fact]
    public async Task CreateVersion_ReservedItem_Returns423()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        using var response = await WriteRequests.CopyFromAsync(aps, file.ProjectId, file.VersionId);

        // Assert
        Assert.Equal((HttpStatusCode)423, response.StatusCode);
    }
}
