using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class ItemShapeTests
{
    [Fact]
    public async Task Item_Get_HasApsItemShapeWithTipInIncluded()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Item("data"), ApsShapes.Version("included[*]"),
            ["data.attributes.reserved: False", "!data.attributes.reservedTime"]));
    }

    [Fact]
    public async Task Item_Reserved_CarriesWhenAndByWhom()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Tower-STR.rvt");

        // Act
        var body = await aps.GetJsonAsync($"data/v1/projects/{file.ProjectId}/items/{file.ItemId}");

        // Assert
        JsonShape.Assert(body, ApsShapes.Concat(ApsShapes.Document, ApsShapes.Item("data"), [
            "data.attributes.reserved: True", "data.attributes.reservedTime: String",
            "data.attributes.reservedUserId: String", "data.attributes.reservedUserName: String"]));
        var attributes = body.GetProperty("data").GetProperty("attributes");
        Assert.True(string.CompareOrdinal(attributes.GetProperty("reservedTime").GetString(), attributes.GetProperty("lastModifiedTime").GetString()) > 0);
    }

    [Fact]
    public async Task Item_Unknown_Answers404WithJsonApiErrors()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "A-101 Floor Plan.pdf");

        // Act
        var (status, body) = await aps.GetErrorAsync($"data/v1/projects/{file.ProjectId}/items/{ApsTestClient.Encode("urn:adsk.wipprod:dm.lineage:missing")}");

        // Assert
        Assert.Equal(System.Net.HttpStatusCode.NotFound, status);
        JsonShape.Assert(body, ApsShapes.Error);
    }
}
