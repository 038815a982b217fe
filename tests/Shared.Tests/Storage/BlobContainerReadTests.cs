using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerReadTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private BlobContainer Container => fixture.Container;

    [Fact]
    public async Task GetPropertiesAsync_MissingBlob_ReturnsNull()
    {
        // Act
        var properties = await Container.GetPropertiesAsync("missing/nothing-here.bin", CancellationToken.None);

        // Assert
        Assert.Null(properties);
    }

    [Theory]
    [InlineData(1000L, 500L, 1000, 500)]
    [InlineData(0L, 1L, 0, 1)]
    [InlineData(9000L, null, 9000, 1000)]
    [InlineData(null, 10L, 0, 10)]
    public async Task OpenReadAsync_Range_ReturnsThatSlice(long? offset, long? length, int expectedStart, int expectedLength)
    {
        // Arrange
        var content = AzuriteContainerFixture.RandomBytes(10_000, seed: 42);
        await Container.UploadAsync("ranges/blob.bin", content, null, CancellationToken.None);

        // Act
        var slice = await fixture.ReadAllAsync("ranges/blob.bin", offset, length);

        // Assert
        Assert.Equal(content.AsSpan(expectedStart, expectedLength).ToArray(), slice);
    }

    [Fact]
    public async Task OpenReadAsync_MissingBlob_ThrowsBlobNotFound()
    {
        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => Container.OpenReadAsync("missing/read.bin", null, null, CancellationToken.None));

        // Assert
        Assert.Equal(BlobErrorCode.BlobNotFound.ToString(), error.ErrorCode);
        Assert.Equal(404, error.Status);
        Assert.Contains("missing/read.bin", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task DeleteIfExistsAsync_ExistingBlob_DeletesOnceThenReportsNothingToDelete()
    {
        // Arrange
        await Container.UploadAsync("delete/me.bin", AzuriteContainerFixture.RandomBytes(3, seed: 1), null, CancellationToken.None);

        // Act
        var first = await Container.DeleteIfExistsAsync("delete/me.bin", CancellationToken.None);
        var second = await Container.DeleteIfExistsAsync("delete/me.bin", CancellationToken.None);

        // Assert
        Assert.True(first);
        Assert.False(second);
        Assert.Null(await Container.GetPropertiesAsync("delete/me.bin", CancellationToken.None));
    }

    [Fact]
    public async Task CreateIfNotExistsAsync_ExistingContainer_ReturnsFalse()
    {
        // Act
        var created = await Container.CreateIfNotExistsAsync(CancellationToken.None);

        // Assert
        Assert.False(created);
    }

    [Fact]
    public async Task GetPropertiesAndOpenReadAsync_ContainerMissing_ThrowContainerNotFoundRatherThanNull()
    {
        // Arrange
        var options = AzuriteContainerFixture.OptionsFor(fixture.Azurite, AzuriteContainerFixture.NewContainerName());
        using var missing = new BlobContainer(Options.Create(options), NullLogger<BlobContainer>.Instance);

        // Act
        var onProperties = await Assert.ThrowsAsync<RequestFailedException>(() => missing.GetPropertiesAsync("any.bin", CancellationToken.None));
        var onRead = await Assert.ThrowsAsync<RequestFailedException>(() => missing.OpenReadAsync("any.bin", null, null, CancellationToken.None));

        // Assert
        Assert.Equal(BlobErrorCode.ContainerNotFound.ToString(), onProperties.ErrorCode);
        Assert.Equal(BlobErrorCode.ContainerNotFound.ToString(), onRead.ErrorCode);
    }
}
