using System.Net;
using System.Net.Http.Headers;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints;

public sealed class DownloadEndpointTests
{
    [Fact]
    public async Task Download_RangeRequest_Returns206WithContentRangeAndTheSliceOfTheFullBody()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!)).GetProperty("url").GetString()!;
        using var http = new HttpClient();
        var full = await http.GetByteArrayAsync(url);
        using var request = new HttpRequestMessage(HttpMethod.Get, url) { Headers = { Range = new RangeHeaderValue(1001, 2500) } };

        // Act
        using var response = await http.SendAsync(request);
        var part = await response.Content.ReadAsByteArrayAsync();

        // Assert
        Assert.Equal(HttpStatusCode.PartialContent, response.StatusCode);
        Assert.Equal($"bytes 1001-2500/{full.Length}", response.Content.Headers.ContentRange!.ToString());
        Assert.Equal(1500, response.Content.Headers.ContentLength);
        Assert.Equal(full.AsSpan(1001, 1500).ToArray(), part);
    }

    [Fact]
    public async Task Download_SuffixRange_ReturnsTheLastBytes()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!)).GetProperty("url").GetString()!;
        using var http = new HttpClient();
        var full = await http.GetByteArrayAsync(url);
        using var request = new HttpRequestMessage(HttpMethod.Get, url) { Headers = { Range = new RangeHeaderValue(null, 7) } };

        // Act
        using var response = await http.SendAsync(request);

        // Assert
        Assert.Equal(HttpStatusCode.PartialContent, response.StatusCode);
        Assert.Equal(full[^7..], await response.Content.ReadAsByteArrayAsync());
    }

    [Fact]
    public async Task Download_RangeBeyondTheEnd_Returns416()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!)).GetProperty("url").GetString()!;
        using var request = new HttpRequestMessage(HttpMethod.Get, url) { Headers = { Range = new RangeHeaderValue(file.ServedLength, null) } };

        // Act
        using var response = await new HttpClient().SendAsync(request);

        // Assert
        Assert.Equal(HttpStatusCode.RequestedRangeNotSatisfiable, response.StatusCode);
    }

    [Fact]
    public async Task Download_AfterExpiry_Returns403WithS3Error()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock));
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!, "?minutesExpiration=1")).GetProperty("url").GetString()!;
        using var http = new HttpClient();
        using var fresh = await http.GetAsync(url);

        // Act
        clock.Advance(TimeSpan.FromSeconds(61));
        using var expired = await http.GetAsync(url);

        // Assert
        Assert.Equal(HttpStatusCode.OK, fresh.StatusCode);
        Assert.Equal(HttpStatusCode.Forbidden, expired.StatusCode);
        Assert.Contains("<Code>AccessDenied</Code>", await expired.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Download_TamperedSignature_Returns403()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "Site photo.jpg");
        var url = (await aps.SignDownloadAsync(file.StorageId!)).GetProperty("url").GetString()!;

        // Act
        using var response = await new HttpClient().GetAsync(url.Replace("X-Amz-Expires=120", "X-Amz-Expires=3600", StringComparison.Ordinal));

        // Assert
        Assert.Equal(HttpStatusCode.Forbidden, response.StatusCode);
        Assert.Contains("SignatureDoesNotMatch", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Download_ZeroByteFile_Returns200WithEmptyBody()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "empty.txt");

        // Act
        var signed = await aps.SignDownloadAsync(file.StorageId!);
        using var response = await new HttpClient().GetAsync(signed.GetProperty("url").GetString());

        // Assert
        Assert.Equal(0, signed.GetProperty("size").GetInt64());
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(0, response.Content.Headers.ContentLength);
    }

    [Fact]
    public async Task Download_DriftFile_ServesFewerBytesThanTheApiStorageSize()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        var file = await ItemEndpointsTests.FileAsync(aps, "drift.bin");

        // Act
        var bytes = await aps.DownloadAsync(file);

        // Assert
        Assert.Equal(file.ServedLength, bytes.Length);
        Assert.NotEqual(file.StorageSize, bytes.Length);
    }
}
