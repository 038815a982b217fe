using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerBlockTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private BlobContainer Container => fixture.Container;

    [Fact]
    public async Task CommitBlockListAsync_StagedBlocks_InvisibleUntilCommitThenConcatenated()
    {
        // Arrange
        var blocks = new[] { Bytes(300_000, 1), Bytes(1, 2), Bytes(123_457, 3) };
        var ids = blocks.Select((_, i) => BlockId(i)).ToList();
        for (var i = 0; i < blocks.Length; i++)
        {
            await Container.StageBlockAsync("blocks/file.bin", ids[i], blocks[i], CancellationToken.None);
        }

        var beforeCommit = await Container.GetPropertiesAsync("blocks/file.bin", CancellationToken.None);
        var expected = blocks.SelectMany(static b => b).ToArray();
        var options = new BlobUploadOptions
        {
            HttpHeaders = new BlobHttpHeaders { ContentType = "application/octet-stream", ContentHash = AzuriteContainerFixture.Md5(expected) },
            Metadata = new Dictionary<string, string> { ["part_count"] = "3" },
            Conditions = BlobContainer.CreateOnly,
        };

        // Act
        var etag = await Container.CommitBlockListAsync("blocks/file.bin", ids, options, CancellationToken.None);
        var afterCommit = await Container.GetPropertiesAsync("blocks/file.bin", CancellationToken.None);

        // Assert
        Assert.Null(beforeCommit);
        Assert.NotNull(afterCommit);
        Assert.Equal(etag, afterCommit.ETag);
        Assert.Equal(expected.Length, afterCommit.Length);
        Assert.Equal(AzuriteContainerFixture.Md5(expected), afterCommit.ContentMd5);
        Assert.Equal("3", afterCommit.Metadata["part_count"]);
        Assert.Equal(expected, await fixture.ReadAllAsync("blocks/file.bin"));
    }

    [Fact]
    public async Task CommitBlockListAsync_IfNotExistsOnExistingBlob_ThrowsAndKeepsOriginal()
    {
        // Arrange
        var original = Bytes(10, 4);
        await Container.UploadAsync("blocks/existing.bin", original, null, CancellationToken.None);
        await Container.StageBlockAsync("blocks/existing.bin", BlockId(0), Bytes(10, 5), CancellationToken.None);
        var createOnly = new BlobUploadOptions { Conditions = BlobContainer.CreateOnly };

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => Container.CommitBlockListAsync("blocks/existing.bin", [BlockId(0)], createOnly, CancellationToken.None));

        // Assert
        Assert.Contains(error.ErrorCode, new[] { BlobErrorCode.ConditionNotMet.ToString(), BlobErrorCode.BlobAlreadyExists.ToString() });
        Assert.Equal(original, await fixture.ReadAllAsync("blocks/existing.bin"));
    }

    [Fact]
    public async Task StageBlockAsync_WrongContentMd5_ThrowsMd5Mismatch()
    {
        // Arrange
        var block = Bytes(4096, 6);
        var corrupting = new WrongContentMd5Handler();
        using var sut = fixture.WithWrongContentMd5(corrupting);

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => sut.StageBlockAsync("blocks/bad-md5.bin", BlockId(0), block, CancellationToken.None));

        // Assert
        Assert.Equal(1, corrupting.Corrupted);
        Assert.Equal(BlobErrorCode.Md5Mismatch.ToString(), error.ErrorCode);
    }

    [Fact]
    public async Task CommitBlockListAsync_UnstagedBlockId_ThrowsInvalidBlockList()
    {
        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => Container.CommitBlockListAsync("blocks/never-staged.bin", [BlockId(9)], null, CancellationToken.None));

        // Assert
        Assert.Equal(BlobErrorCode.InvalidBlockList.ToString(), error.ErrorCode);
        Assert.Equal(400, error.Status);
    }

    [Theory]
    [InlineData("")]
    [InlineData("not base64!")]
    public async Task StageBlockAsync_InvalidBlockId_ThrowsArgumentException(string blockId)
    {
        // Act
        var error = await Assert.ThrowsAnyAsync<ArgumentException>(
            () => Container.StageBlockAsync("blocks/any.bin", blockId, Bytes(1, 8), CancellationToken.None));

        // Assert
        Assert.Equal("blockId", error.ParamName);
    }

    // Fixed-length ids, as the service requires for all blocks of one blob; base64 with '+' and '/' exercises query encoding.
    private static string BlockId(int index) => Convert.ToBase64String([0xFB, 0xFF, .. BitConverter.GetBytes(index)]);

    private static byte[] Bytes(int size, int seed) => AzuriteContainerFixture.RandomBytes(size, seed);
}
