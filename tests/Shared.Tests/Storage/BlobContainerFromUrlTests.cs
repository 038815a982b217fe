using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs;
using Azure.Storage.Blobs.Models;
using Azure.Storage.Sas;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerFromUrlTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    [Fact]
    public async Task StageBlockFromUrlAsync_SasOfBlobOnSameAzurite_ServiceStagesTheRangesAndCommitJoinsThem()
    {
        // Arrange
        var source = AzuriteContainerFixture.RandomBytes(300_000, seed: 11);
        var sourceUrl = await UploadWithSasAsync("source-" + Guid.NewGuid().ToString("N"), source);
        var target = "target-" + Guid.NewGuid().ToString("N");
        string[] ids = [BlobBlockIds.FromIndex(0), BlobBlockIds.FromIndex(1)];

        // Act
        await fixture.Container.StageBlockFromUrlAsync(target, ids[0], sourceUrl, 0, 200_000, CancellationToken.None);
        await fixture.Container.StageBlockFromUrlAsync(target, ids[1], sourceUrl, 200_000, 100_000, CancellationToken.None);
        var staged = await fixture.Container.GetStagedBlockSizesAsync(target, CancellationToken.None);
        await fixture.Container.CommitBlockListAsync(target, ids, null, CancellationToken.None);

        // Assert
        Assert.Equal(200_000, staged[ids[0]]);
        Assert.Equal(100_000, staged[ids[1]]);
        Assert.Equal(source, await fixture.ReadAllAsync(target));
    }

    [Fact]
    public async Task StageBlockFromUrlAsync_SourceOnAnotherHost_ThrowsCannotVerifyCopySourceAndStagesNothing()
    {
        // Arrange: Azurite copies only from itself; any other host is a source it can't verify.
        var target = "target-" + Guid.NewGuid().ToString("N");
        var elsewhere = new Uri("http://127.0.0.1:9/objects/a.bin?X-Amz-Signature=abc");

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => fixture.Container.StageBlockFromUrlAsync(target, BlobBlockIds.FromIndex(0), elsewhere, 0, 1000, CancellationToken.None));

        // Assert
        Assert.Equal(BlobErrorCode.CannotVerifyCopySource.ToString(), error.ErrorCode);
        Assert.DoesNotContain("X-Amz-Signature", error.Message, StringComparison.Ordinal);
        Assert.Empty(await fixture.Container.GetStagedBlockSizesAsync(target, CancellationToken.None));
    }

    [Fact]
    public async Task StageBlockFromUrlAsync_ExpiredSas_ThrowsCannotVerifyCopySourceWith403()
    {
        // Arrange
        var expired = await UploadWithSasAsync("source-" + Guid.NewGuid().ToString("N"), [1, 2, 3], DateTimeOffset.UtcNow.AddMinutes(-5));

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => fixture.Container.StageBlockFromUrlAsync("target-" + Guid.NewGuid().ToString("N"), BlobBlockIds.FromIndex(0), expired, 0, 3, CancellationToken.None));

        // Assert
        Assert.Equal((403, BlobErrorCode.CannotVerifyCopySource.ToString()), (error.Status, error.ErrorCode));
    }

    private async Task<Uri> UploadWithSasAsync(string name, byte[] content, DateTimeOffset? expiresOn = null)
    {
        await fixture.Container.UploadAsync(name, content, null, CancellationToken.None);
        var blob = new BlobContainerClient(fixture.Azurite.ConnectionString, fixture.Container.Name).GetBlobClient(name);
        return blob.GenerateSasUri(BlobSasPermissions.Read, expiresOn ?? DateTimeOffset.UtcNow.AddMinutes(10));
    }
}
