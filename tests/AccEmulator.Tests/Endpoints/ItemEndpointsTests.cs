using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Control;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints;

public sealed class ItemEndpointsTests
{
    [Fact]
    public async Task Item_Get_ReturnsItemWithTipVersionInIncluded()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}");

        // Assert
        var item = body.GetProperty("data");
        Assert.Equal("items", item.GetProperty("type").GetString());
        Assert.StartsWith("urn:adsk.wipprod:dm.lineage:", item.GetProperty("id").GetString(), StringComparison.Ordinal);
        Assert.Equal(file.VersionId, item.GetProperty("relationships").GetProperty("tip").GetProperty("data").GetProperty("id").GetString());
        var tip = Assert.Single(body.GetProperty("included").EnumerateArray());
        Assert.Equal(file.VersionId, tip.GetProperty("id").GetString());
        Assert.Matches(@"^urn:adsk\.wipprod:fs\.file:vf\.[A-Za-z0-9_-]{22}\?version=3$", file.VersionId);
    }

    [Fact]
    public async Task Tip_MultiVersionItem_ReturnsHighestVersion()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var tip = (await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}/tip")).GetProperty("data");

        // Assert
        Assert.Equal(3, tip.GetProperty("attributes").GetProperty("versionNumber").GetInt32());
        Assert.Equal(file.StorageSize, tip.GetProperty("attributes").GetProperty("storageSize").GetInt64());
        var storage = tip.GetProperty("relationships").GetProperty("storage");
        Assert.Equal(file.StorageId, storage.GetProperty("data").GetProperty("id").GetString());
        Assert.Matches(@"^urn:adsk\.objects:os\.object:wip\.dm\.prod/[0-9a-f-]{36}\.pdf$", file.StorageId);
        var href = storage.GetProperty("meta").GetProperty("link").GetProperty("href").GetString()!;
        Assert.StartsWith(new Uri(aps.Server.BaseUrl, "oss/v2/buckets/wip.dm.prod/objects/").ToString(), href, StringComparison.Ordinal);
        Assert.Contains("?scopes=", href, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Versions_MultiVersionItem_ReturnsAllNewestFirst()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var versions = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}/versions");

        // Assert
        Assert.Equal([3, 2, 1], versions.GetProperty("data").EnumerateArray()
            .Select(v => v.GetProperty("attributes").GetProperty("versionNumber").GetInt32()));
    }

    [Fact]
    public async Task Version_PercentEncodedIdWithQueryMark_Resolves()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var version = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/versions/{ApsTestClient.Encode(file.VersionId)}");

        // Assert
        Assert.Equal(file.VersionId, version.GetProperty("data").GetProperty("id").GetString());
    }

    [Fact]
    public async Task ParentAndItemLinks_Followed_LeadToTheFolderAndTheItem()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await FileAsync(aps, "A-101 Floor Plan.pdf");
        var tip = (await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}/tip")).GetProperty("data");
        var item = (await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode(file.ItemId)}")).GetProperty("data");

        // Act
        var fromVersion = await aps.GetJsonAsync(tip.GetProperty("relationships").GetProperty("item").GetProperty("links").GetProperty("related").GetProperty("href").GetString()!);
        var parent = await aps.GetJsonAsync(item.GetProperty("relationships").GetProperty("parent").GetProperty("links").GetProperty("related").GetProperty("href").GetString()!);

        // Assert
        Assert.Equal(file.ItemId, fromVersion.GetProperty("data").GetProperty("id").GetString());
        Assert.Equal(file.FolderId, parent.GetProperty("data").GetProperty("id").GetString());
        Assert.Equal("Architecture", parent.GetProperty("data").GetProperty("attributes").GetProperty("name").GetString());
    }

    [Fact]
    public async Task PlansDocument_Tip_HasNoStorageNoStorageSizeNoFileType()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var sheet = await FileAsync(aps, "A-101 - Level 1 Plan");

        // Act
        var tip = (await aps.GetJsonAsync($"data/v1/projects/{sheet.ProjectId}/items/{ApsTestClient.Encode(sheet.ItemId)}/tip")).GetProperty("data");

        // Assert
        Assert.False(sheet.HasStorage);
        var attributes = tip.GetProperty("attributes");
        Assert.Equal("versions:autodesk.bim360:Document", attributes.GetProperty("extension").GetProperty("type").GetString());
        Assert.False(attributes.TryGetProperty("storageSize", out _));
        Assert.False(attributes.TryGetProperty("fileType", out _));
        Assert.False(tip.GetProperty("relationships").TryGetProperty("storage", out _));
    }

    [Fact]
    public async Task C4RModel_Tip_HasStorageAndC4RExtensionType()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var model = await FileAsync(aps, "Tower Central.rvt");

        // Act
        var tip = (await aps.GetJsonAsync($"data/v1/projects/{model.ProjectId}/items/{ApsTestClient.Encode(model.ItemId)}/tip")).GetProperty("data");

        // Assert
        Assert.Equal("versions:autodesk.bim360:C4RModel", tip.GetProperty("attributes").GetProperty("extension").GetProperty("type").GetString());
        Assert.Equal("rvt", tip.GetProperty("attributes").GetProperty("fileType").GetString());
        Assert.True(tip.GetProperty("relationships").TryGetProperty("storage", out _));
    }

    [Fact]
    public async Task LargeFile_StorageSizeAbove2GiB_SerializesAsInt64Number()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { LargeFile = true });
        var large = await FileAsync(aps, "large-2.5GiB.bin");

        // Act
        using var response = await aps.GetAsync($"data/v1/projects/{large.ProjectId}/items/{ApsTestClient.Encode(large.ItemId)}/tip");
        var raw = await response.Content.ReadAsStringAsync();

        // Assert
        Assert.Contains("\"storageSize\":2684354560", raw, StringComparison.Ordinal);
        var size = JsonDocument.Parse(raw).RootElement.GetProperty("data").GetProperty("attributes").GetProperty("storageSize");
        Assert.Equal(JsonValueKind.Number, size.ValueKind);
        Assert.True(size.GetInt64() > int.MaxValue);
    }

    internal static async Task<TruthFile> FileAsync(ApsTestClient aps, string displayName, TruthHashing hashing = TruthHashing.None) =>
        (await aps.Server.Truth.GetFilesAsync(hashing)).Single(f => f.DisplayName == displayName);
}
