using AccBackup.Storage;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerListTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private BlobContainer Container => fixture.Container;

    [Fact]
    public async Task ListAsync_TwelveBlobsWithPageSizeFive_FollowsNextMarkerAcrossThreePages()
    {
        // Arrange
        var expected = Enumerable.Range(0, 12).Select(static i => $"paged/file {i:D2} #+%.bin").ToList();
        foreach (var name in expected)
        {
            await Container.UploadAsync(name, AzuriteContainerFixture.RandomBytes(7, seed: name.Length), null, CancellationToken.None);
        }

        await Container.UploadAsync("other/not-listed.bin", new byte[1], null, CancellationToken.None);

        // Act
        var listed = new List<BlobDescription>();
        await foreach (var blob in Container.ListAsync("paged/", maxResultsPerPage: 5, CancellationToken.None))
        {
            listed.Add(blob);
        }

        // Assert
        Assert.Equal(expected, listed.Select(static b => b.Name));
        Assert.All(listed, static b => Assert.Equal(7, b.Length));
        Assert.All(listed, static b => Assert.StartsWith("\"", b.ETag, StringComparison.Ordinal));
    }

    [Fact]
    public async Task ListAsync_BlobsWithMetadata_ReturnsPropertiesAndMetadata()
    {
        // Arrange
        var options = new BlobUploadOptions
        {
            HttpHeaders = new BlobHttpHeaders { ContentType = "text/plain" },
            Metadata = new Dictionary<string, string> { ["SourcePath"] = BlobMetadata.Encode("Ordner Ä/Datei ü.txt") },
        };
        var etag = await Container.UploadAsync("listed/with-metadata.txt", "hello"u8.ToArray(), options, CancellationToken.None);

        // Act
        var listed = new List<BlobDescription>();
        await foreach (var blob in Container.ListAsync("listed/", CancellationToken.None))
        {
            listed.Add(blob);
        }

        // Assert
        var only = Assert.Single(listed);
        Assert.Equal("listed/with-metadata.txt", only.Name);
        Assert.Equal(5, only.Length);
        Assert.Equal(etag, only.ETag);
        Assert.Equal("text/plain", only.ContentType);
        Assert.Equal(AzuriteContainerFixture.Md5("hello"u8), only.ContentMd5);
        Assert.Equal("Ordner Ä/Datei ü.txt", BlobMetadata.Decode(only.Metadata["sourcepath"]));
    }

    [Fact]
    public async Task ListAsync_NoMatchingBlobs_YieldsNothing()
    {
        // Act
        var count = 0;
        await foreach (var unused in Container.ListAsync("nothing-under-this-prefix/", CancellationToken.None))
        {
            count++;
        }

        // Assert
        Assert.Equal(0, count);
    }
}
