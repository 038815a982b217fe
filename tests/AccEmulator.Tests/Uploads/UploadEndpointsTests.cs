using System.Net;
using System.Security.Cryptography;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;
using AccEmulator.Tests.Writes;

namespace AccEmulator.Tests.Uploads;

public sealed class UploadEndpointsTests
{
    [Fact]
    public async Task Upload_InThreePartsThenCompleted_DownloadServesTheUploadedBytes()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var folder = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        var bytes = WriteRequests.Bytes((11 << 20) + 123, seed: 1);

        // Act
        var storageId = await WriteRequests.UploadAsync(aps, folder.ProjectId, folder.FolderId, "restored.pdf", bytes);
        var signed = await aps.SignDownloadAsync(storageId);
        var downloaded = await new HttpClient().GetByteArrayAsync(signed.GetProperty("url").GetString());

        // Assert
        Assert.Equal(bytes, downloaded);
        Assert.Equal(bytes.Length, signed.GetProperty("size").GetInt64());
        var stats = aps.Server.GetWriteStats();
        Assert.Equal(bytes.Length, stats.UploadedBytes);
        Assert.Equal(1, stats.CompletedUploads);
    }

    [Fact]
    public async Task PartUrl_Put_AnswersWithoutTokenAndTheMd5ETag()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (objectKey, signed) = await SignAsync(aps, "?parts=1");
        var bytes = WriteRequests.Bytes(1000, seed: 2);

        // Act
        using var put = await new HttpClient().PutAsync(signed.GetProperty("urls")[0].GetString(), new ByteArrayContent(bytes));

        // Assert
        Assert.Equal(HttpStatusCode.OK, put.StatusCode);
#pragma warning disable CA5351 // S3's part ETag is an MD5; checking it needs MD5.
        Assert.Equal($"\"{Convert.ToHexStringLower(MD5.HashData(bytes))}\"", put.Headers.ETag!.Tag);
#pragma warning restore CA5351
        Assert.NotEmpty(objectKey);
    }

    [Fact]
    public async Task PartUrl_AfterExpiry_Returns403AndFreshUrlsForTheSameUploadKeyWork()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock));
        var (objectKey, signed) = await SignAsync(aps, "?parts=1&minutesExpiration=1");
        var uploadKey = signed.GetProperty("uploadKey").GetString()!;
        var bytes = WriteRequests.Bytes(2000, seed: 3);
        using var plain = new HttpClient();
        clock.Advance(TimeSpan.FromMinutes(2));

        // Act
        using var expired = await plain.PutAsync(signed.GetProperty("urls")[0].GetString(), new ByteArrayContent(bytes));
        var fresh = await aps.GetJsonAsync($"{WriteRequests.UploadPath(objectKey)}?uploadKey={uploadKey}&firstPart=1&parts=1");
        using var put = await plain.PutAsync(fresh.GetProperty("urls")[0].GetString(), new ByteArrayContent(bytes));
        using var complete = await WriteRequests.CompleteAsync(aps, objectKey, uploadKey, bytes.Length, [put.Headers.ETag!.Tag]);

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, expired.StatusCode);
        Assert.Contains("Request has expired", await expired.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(uploadKey, fresh.GetProperty("uploadKey").GetString());
        Assert.Equal(HttpStatusCode.OK, put.StatusCode);
        Assert.Equal(HttpStatusCode.OK, complete.StatusCode);
    }

    [Fact]
    public async Task Complete_PartBelowFiveMiBBeforeTheLast_Returns400()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (objectKey, signed) = await SignAsync(aps, "?parts=2");
        using var plain = new HttpClient();
        foreach (var url in signed.GetProperty("urls").EnumerateArray())
        {
            using var put = await plain.PutAsync(url.GetString(), new ByteArrayContent(new byte[1024]));
        }

        // Act
        using var complete = await WriteRequests.CompleteAsync(aps, objectKey, signed.GetProperty("uploadKey").GetString()!);

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, complete.StatusCode);
        Assert.Contains("minimum allowed size", await complete.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(999L, null)]
    [InlineData(null, "\"0123\"")]
    public async Task Complete_SizeOrETagsNotMatchingTheParts_Returns400(long? size, string? eTag)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (objectKey, signed) = await SignAsync(aps, "");
        using var put = await new HttpClient().PutAsync(signed.GetProperty("urls")[0].GetString(), new ByteArrayContent(new byte[1000]));

        // Act
        using var complete = await WriteRequests.CompleteAsync(aps, objectKey, signed.GetProperty("uploadKey").GetString()!, size, eTag is null ? null : [eTag]);

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, complete.StatusCode);
        Assert.Contains(size is null ? "eTags" : "size", await complete.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Sign_MoreThan25Parts_Returns400()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (objectKey, _) = await SignAsync(aps, "");

        // Act
        using var response = await aps.GetAsync($"{WriteRequests.UploadPath(objectKey)}?parts=26");

        // Assert
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
    }

    [Fact]
    public async Task SignedDownload_BeforeTheUploadCompletes_Returns404()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var (objectKey, signed) = await SignAsync(aps, "");
        using var put = await new HttpClient().PutAsync(signed.GetProperty("urls")[0].GetString(), new ByteArrayContent(new byte[10]));

        // Act
        using var response = await aps.GetAsync($"oss/v2/buckets/wip.dm.prod/objects/{objectKey}/signeds3download");

        // Assert
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    /// <summary>Creates storage in the demo's Architecture folder and signs part URLs for it.</summary>
    private static async Task<(string ObjectKey, System.Text.Json.JsonElement Signed)> SignAsync(ApsTestClient aps, string query)
    {
        var file = await ItemEndpointsTests.FileAsync(aps, "Door Schedule.xlsx");
        using var storage = await WriteRequests.CreateStorageAsync(aps, file.ProjectId, file.FolderId, "part.pdf");
        var objectKey = WriteRequests.ObjectKey((await WriteRequests.JsonAsync(storage)).GetProperty("data").GetProperty("id").GetString()!);
        return (objectKey, await aps.GetJsonAsync(WriteRequests.UploadPath(objectKey) + query));
    }
}
