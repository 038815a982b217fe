using System.Net;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text.Json;
using AccEmulator.Faults;
using AccEmulator.Tests.Endpoints.Shapes;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints;

public sealed class OssEndpointsTests
{
    [Theory]
    [InlineData("0")]
    [InlineData("61")]
    [InlineData("two")]
    public async Task SignedDownload_MinutesExpirationOutOfRange_Returns400(string minutes)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        using var response = await aps.GetAsync($"oss/v2/buckets/wip.dm.prod/objects/{file.StorageId!.Split('/')[^1]}/signeds3download?minutesExpiration={minutes}");

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task SignedDownload_SmallObject_CompleteWithSizeAndSha1OfServedBytes()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var signed = await aps.SignDownloadAsync(file.StorageId!, "?minutesExpiration=60");
        var bytes = await new HttpClient().GetByteArrayAsync(signed.GetProperty("url").GetString());

        // Assert
        Assert.Equal("complete", signed.GetProperty("status").GetString());
        Assert.Equal(bytes.Length, signed.GetProperty("size").GetInt64());
#pragma warning disable CA5350 // APS reports SHA-1 of objects; checking that value needs SHA-1.
        Assert.Equal(Convert.ToHexStringLower(SHA1.HashData(bytes)), signed.GetProperty("sha1").GetString());
#pragma warning restore CA5350
    }

    [Fact]
    public async Task SignedDownload_StorageSizeOmitted_VersionsCarryNoSizeAndTheDriftMovesToTheSignedSize()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { OmitStorageSize = true });
        var drift = await ItemEndpointsTests.FileAsync(aps, "drift.bin");
        var plain = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var tip = (await aps.GetJsonAsync($"data/v1/projects/{drift.ProjectId}/items/{ApsTestClient.Encode(drift.ItemId)}/tip")).GetProperty("data");
        var driftSigned = await aps.SignDownloadAsync(drift.StorageId!);
        var plainSigned = await aps.SignDownloadAsync(plain.StorageId!);

        // Assert
        JsonShape.Assert(tip, "!attributes.storageSize", "!attributes.fileType", "attributes.versionNumber: Number");
        Assert.Equal((10_517L, 10_000L), (driftSigned.GetProperty("size").GetInt64(), drift.ServedLength!.Value));
        Assert.Equal(plain.ServedLength, plainSigned.GetProperty("size").GetInt64());
    }

    [Fact]
    public async Task SignedDownload_ObjectAboveSha1Limit_OmitsSha1()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options() with { Sha1MaxBytes = 10 });
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var signed = await aps.SignDownloadAsync(file.StorageId!);

        // Assert
        Assert.False(signed.TryGetProperty("sha1", out _));
    }

    [Fact]
    public async Task SignedDownload_UnknownObject_Returns404()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.GetAsync("oss/v2/buckets/wip.dm.prod/objects/00000000-0000-0000-0000-000000000000.pdf/signeds3download");

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.True((await response.Content.ReadFromJsonAsync<JsonElement>()).TryGetProperty("reason", out _));
    }

    [Fact]
    public async Task SignedDownload_ChunkedObject_AnswersChunkedWithPartUrlsThenComplete()
    {
        // Arrange
        var options = TestEmulator.Options() with { Faults = new FaultOptions { Chunked = new ChunkedDownloads { Fraction = 1, Times = 2 } } };
        await using var aps = await TestEmulator.ConnectAsync(options);
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var first = await aps.SignDownloadAsync(file.StorageId!);
        var second = await aps.SignDownloadAsync(file.StorageId!);
        var third = await aps.SignDownloadAsync(file.StorageId!);

        // Assert
        Assert.Equal("chunked", first.GetProperty("status").GetString());
        Assert.False(first.TryGetProperty("url", out _));
        var part = Assert.Single(first.GetProperty("urls").EnumerateObject());
        Assert.Equal($"0-{file.ServedLength - 1}", part.Name);
        var partBytes = await new HttpClient().GetByteArrayAsync(part.Value.GetString());
        var fullBytes = await new HttpClient().GetByteArrayAsync(third.GetProperty("url").GetString());
        Assert.Equal("chunked", second.GetProperty("status").GetString());
        Assert.Equal("complete", third.GetProperty("status").GetString());
        Assert.Equal(fullBytes, partBytes);
    }

    [Fact]
    public async Task SignedDownload_ChunkedWithPublicResourceFallback_AnswersFallbackWithUrl()
    {
        // Arrange
        var options = TestEmulator.Options() with { Faults = new FaultOptions { Chunked = new ChunkedDownloads { Fraction = 1 } } };
        await using var aps = await TestEmulator.ConnectAsync(options);
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");

        // Act
        var signed = await aps.SignDownloadAsync(file.StorageId!, "?public-resource-fallback=true");

        // Assert
        Assert.Equal("fallback", signed.GetProperty("status").GetString());
        Assert.True(signed.TryGetProperty("url", out _));
    }
}
