using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class SignedDownloadShapeTests
{
    [Fact]
    public async Task SignedDownload_SmallObject_HasApsSignedS3DownloadShape()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var body = await aps.SignDownloadAsync(file.StorageId!, "?minutesExpiration=10");

        // Assert: one URL when complete; sha1 only "if available"; no JSON:API envelope (OSS is plain JSON).
        JsonShape.Assert(body, "status: String", "url: String", "params: Object", "size: Number", "?sha1: String", "!urls", "!jsonapi", "!data");
        Assert.Equal("complete", body.GetProperty("status").GetString());
    }

    [Fact]
    public async Task SignedDownload_UnknownObject_Answers404WithOssReason()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        var (status, body) = await aps.GetErrorAsync("oss/v2/buckets/wip.dm.prod/objects/missing.pdf/signeds3download");

        // Assert
        Assert.Equal(System.Net.HttpStatusCode.NotFound, status);
        JsonShape.Assert(body, "reason: String", "!errors");
    }
}
