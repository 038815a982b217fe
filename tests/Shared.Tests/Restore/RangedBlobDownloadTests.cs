using System.Security.Cryptography;
using AccBackup.Restore;
using AccBackup.Tests.Storage;

namespace AccBackup.Tests.Restore;

public sealed class RangedBlobDownloadTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>, IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-ranged-").FullName;

    [Fact]
    public async Task DownloadAsync_MoreRangesThanInFlight_WritesEveryByteAndHashesInOrder()
    {
        // One range more than the window holds, and a short last one: the window slides and the tail is exact.
        var bytes = AzuriteContainerFixture.RandomBytes(RangedBlobDownload.RangesInFlight * RangedBlobDownload.RangeBytes + RangedBlobDownload.RangeBytes + 123, seed: 5);
        var blobName = await UploadAsync(bytes);

        var (content, written) = await DownloadAsync(blobName, bytes.Length);

        Assert.Equal((bytes.LongLength, Sha256(bytes)), (content.Length, content.Sha256));
        Assert.Equal(bytes, written);
    }

    [Fact]
    public async Task DownloadAsync_BlobShorterThanAsked_ReportsTheBytesUpToTheShortRange()
    {
        var bytes = AzuriteContainerFixture.RandomBytes(2 * RangedBlobDownload.RangeBytes + 100, seed: 6);
        var blobName = await UploadAsync(bytes);

        var (content, _) = await DownloadAsync(blobName, 3L * RangedBlobDownload.RangeBytes);

        Assert.Equal((bytes.LongLength, Sha256(bytes)), (content.Length, content.Sha256));
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private async Task<string> UploadAsync(byte[] bytes)
    {
        var blobName = $"ranged/{Guid.NewGuid():N}.bin";
        await fixture.Container.UploadAsync(blobName, bytes, null, CancellationToken.None);
        return blobName;
    }

    private async Task<(AccBackup.Storage.StoredContent Content, byte[] Written)> DownloadAsync(string blobName, long length)
    {
        var path = Path.Combine(scratch, Guid.NewGuid().ToString("N"));
        AccBackup.Storage.StoredContent content;
        var file = new FileStream(path, new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.Write, Options = FileOptions.Asynchronous });
        await using (file)
        {
            content = await RangedBlobDownload.DownloadAsync(fixture.Container, blobName, length, file.SafeFileHandle, CancellationToken.None);
        }

        return (content, await File.ReadAllBytesAsync(path));
    }

    private static string Sha256(byte[] bytes) => Convert.ToHexStringLower(SHA256.HashData(bytes));
}
