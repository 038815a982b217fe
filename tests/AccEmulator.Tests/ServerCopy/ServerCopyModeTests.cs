using System.Security.Cryptography;
using AccBackup.Testing;
using AccEmulator.Control;
using AccEmulator.ServerCopy;
using AccEmulator.Tests.Endpoints;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.ServerCopy;

public sealed class ServerCopyModeTests
{
    [Fact]
    public async Task SignedDownload_ServerCopyMode_UrlIsAzuriteSasServingTheObjectsBytes()
    {
        // Arrange
        var azurite = await AzuriteServer.GetAsync();
        var container = AzuriteServer.NewContainerName("objects");
        await using var aps = await TestEmulator.ConnectAsync(Options(azurite, container));
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");
        var truth = (await aps.Server.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None)).Single(f => f.ItemId == file.ItemId);

        // Act
        var signed = await aps.SignDownloadAsync(file.StorageId!, "?minutesExpiration=5");
        var url = new Uri(signed.GetProperty("url").GetString()!);
        using var plain = new HttpClient();
        var bytes = await plain.GetByteArrayAsync(url);

        // Assert
        Assert.Equal("complete", signed.GetProperty("status").GetString());
        Assert.Equal(azurite.BlobEndpoint.Authority, url.Authority);
        Assert.StartsWith($"{azurite.BlobEndpoint.AbsolutePath}/{container}/", url.AbsolutePath, StringComparison.Ordinal);
        Assert.Contains("sig=", url.Query, StringComparison.Ordinal);
        Assert.Equal(truth.Sha256, Convert.ToHexStringLower(SHA256.HashData(bytes)));
        Assert.Equal(truth.ServedLength, aps.Server.ServerCopyUploadedBytes);
        Assert.Equal(0, aps.Server.GetStats().ContentBytesServed);
    }

    [Fact]
    public async Task SignedDownload_ServerCopyModeSasWithoutSignature_AzuriteRefuses()
    {
        // Arrange: the URL is a real SAS, not an open blob: without its signature Azurite won't serve it.
        var azurite = await AzuriteServer.GetAsync();
        await using var aps = await TestEmulator.ConnectAsync(Options(azurite, AzuriteServer.NewContainerName("objects")));
        var file = await ItemEndpointsTests.FileAsync(aps, "Specifications.docx");
        var signed = await aps.SignDownloadAsync(file.StorageId!);
        var url = new Uri(signed.GetProperty("url").GetString()!);

        // Act
        using var plain = new HttpClient();
        using var response = await plain.GetAsync(url.GetLeftPart(UriPartial.Path));

        // Assert
        Assert.False(response.IsSuccessStatusCode);
    }

    [Fact]
    public async Task StartAsync_UploadAtStart_EveryObjectUploadedBeforeAnyRequestAndNeverAgain()
    {
        // Arrange
        var azurite = await AzuriteServer.GetAsync();
        var options = Options(azurite, AzuriteServer.NewContainerName("objects"));
        options = options with { ServerCopy = options.ServerCopy! with { UploadAtStart = true } };

        // Act
        await using var aps = await TestEmulator.ConnectAsync(options);
        var atStart = aps.Server.ServerCopyUploadedBytes;
        var truth = await aps.Server.Truth.GetFilesAsync(TruthHashing.None, CancellationToken.None);
        foreach (var file in truth.Where(f => f.HasStorage).Take(20))
        {
            await aps.SignDownloadAsync(file.StorageId!);
        }

        // Assert: every live file's object (and older versions' objects) was there before the first request.
        Assert.True(atStart >= truth.Where(f => f.HasStorage).Sum(f => f.ServedLength!.Value), $"uploaded {atStart} bytes");
        Assert.Equal(atStart, aps.Server.ServerCopyUploadedBytes);
    }

    private static EmulatorOptions Options(AzuriteServer azurite, string container) =>
        TestEmulator.Options(new ManualTimeProvider(DateTimeOffset.UtcNow)) with
        {
            ServerCopy = new ServerCopyOptions { ConnectionString = azurite.ConnectionString, Container = container },
        };
}
