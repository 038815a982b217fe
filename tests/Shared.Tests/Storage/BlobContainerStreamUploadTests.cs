using AccBackup.Storage;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerStreamUploadTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private BlobContainer Container => fixture.Container;

    [Fact]
    public async Task UploadAsync_WriterPushesSeveralBlocks_StoresEveryByteWithOptions()
    {
        // Arrange: 9 MiB + 3 bytes, written in uneven pieces, so three staged blocks of 4 MiB, 4 MiB and the rest.
        var content = AzuriteContainerFixture.RandomBytes((9 << 20) + 3, seed: 21);
        var options = new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = "application/json" }, Metadata = new Dictionary<string, string> { ["kind"] = "manifest" } };

        // Act
        var etag = await Container.UploadAsync(
            "streamed/pushed.json",
            async (stream, ct) =>
            {
                for (var offset = 0; offset < content.Length; offset += 1_000_003)
                {
                    await stream.WriteAsync(content.AsMemory(offset, Math.Min(1_000_003, content.Length - offset)), ct);
                }
            },
            options,
            CancellationToken.None);
        var stored = await Container.GetPropertiesAsync("streamed/pushed.json", CancellationToken.None);

        // Assert
        Assert.NotNull(stored);
        Assert.Equal(etag, stored.ETag);
        Assert.Equal("application/json", stored.ContentType);
        Assert.Equal("manifest", stored.Metadata["kind"]);
        Assert.Equal(content, await fixture.ReadAllAsync("streamed/pushed.json"));
    }

    [Fact]
    public async Task UploadAsync_WriterThrowsAfterWriting_ThrowsItsExceptionAndCommitsNothing()
    {
        // Arrange
        var content = AzuriteContainerFixture.RandomBytes(5 << 20, seed: 22);

        // Act
        var error = await Assert.ThrowsAsync<InvalidDataException>(() => Container.UploadAsync(
            "streamed/failed.json",
            async (stream, ct) =>
            {
                await stream.WriteAsync(content, ct);
                throw new InvalidDataException("producer failed");
            },
            null,
            CancellationToken.None));

        // Assert
        Assert.Equal("producer failed", error.Message);
        Assert.Null(await Container.GetPropertiesAsync("streamed/failed.json", CancellationToken.None));
    }

    [Fact]
    public async Task UploadAsync_StreamOfUnknownLength_StagesBlocksAndCommits()
    {
        // Arrange: a non-seekable source, as an HTTP download body is.
        var content = AzuriteContainerFixture.RandomBytes((2 << 20) + 17, seed: 23);
        await using var source = new NonSeekableStream(content);

        // Act
        await Container.UploadAsync("streamed/from-stream.bin", source, null, CancellationToken.None, blockSize: 1 << 20);

        // Assert
        Assert.Equal(content, await fixture.ReadAllAsync("streamed/from-stream.bin"));
    }

    private sealed class NonSeekableStream(byte[] content) : MemoryStream(content, writable: false)
    {
        public override bool CanSeek => false;
    }
}
