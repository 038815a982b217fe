using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Tests.Storage;

public sealed class BlobContainerUploadTests(AzuriteContainerFixture fixture) : IClassFixture<AzuriteContainerFixture>
{
    private const string AwkwardName = "projects/Übersicht Ω/deep/er/still deeper/plan #3 100% ?final+v2 €.dwg";

    private BlobContainer Container => fixture.Container;

    public static TheoryData<string, int> RoundTripCases => new()
    {
        { "empty.bin", 0 },
        { "one-byte.bin", 1 },
        { AwkwardName, 70_001 },
        { "large/three-megabytes.bin", (3 * 1024 * 1024) + 5 },
    };

    [Theory]
    [MemberData(nameof(RoundTripCases))]
    public async Task UploadAsync_BlobWrittenToAzurite_ReadsBackByteIdentical(string blobName, int size)
    {
        // Arrange
        var content = AzuriteContainerFixture.RandomBytes(size, seed: size);
        var before = DateTimeOffset.UtcNow.AddMinutes(-5);

        // Act
        var etag = await Container.UploadAsync(blobName, content, null, CancellationToken.None);
        var readBack = await fixture.ReadAllAsync(blobName);
        var properties = await Container.GetPropertiesAsync(blobName, CancellationToken.None);
        var namesAsStored = new List<string>();
        await foreach (var listed in Container.ListAsync(blobName, CancellationToken.None))
        {
            namesAsStored.Add(listed.Name);
        }

        // Assert
        Assert.Equal(content, readBack);
        Assert.Equal([blobName], namesAsStored);
        Assert.NotNull(properties);
        Assert.Equal(blobName, properties.Name);
        Assert.Equal(size, properties.Length);
        Assert.Equal(etag, properties.ETag);
        Assert.Equal(AzuriteContainerFixture.Md5(content), properties.ContentMd5);
        Assert.InRange(properties.LastModified, before, DateTimeOffset.UtcNow.AddMinutes(5));
    }

    [Fact]
    public async Task UploadAsync_WrongContentMd5_ThrowsMd5MismatchAndStoresNothing()
    {
        // Arrange
        var content = AzuriteContainerFixture.RandomBytes(1000, seed: 1);
        var corrupting = new WrongContentMd5Handler();
        using var sut = fixture.WithWrongContentMd5(corrupting);

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => sut.UploadAsync("md5/wrong.bin", content, null, CancellationToken.None));

        // Assert
        Assert.Equal(1, corrupting.Corrupted);
        Assert.Equal(BlobErrorCode.Md5Mismatch.ToString(), error.ErrorCode);
        Assert.Equal(400, error.Status);
        Assert.Contains("md5/wrong.bin", error.Message, StringComparison.Ordinal);
        Assert.Null(await Container.GetPropertiesAsync("md5/wrong.bin", CancellationToken.None));
    }

    [Fact]
    public async Task UploadAsync_IfNotExistsOnExistingBlob_ThrowsAndKeepsOriginal()
    {
        // Arrange
        var original = AzuriteContainerFixture.RandomBytes(10, seed: 3);
        await Container.UploadAsync("conditions/create-only.bin", original, null, CancellationToken.None);
        var createOnly = new BlobUploadOptions { Conditions = BlobContainer.CreateOnly };

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => Container.UploadAsync("conditions/create-only.bin", AzuriteContainerFixture.RandomBytes(10, seed: 4), createOnly, CancellationToken.None));

        // Assert
        Assert.Contains(error.ErrorCode, new[] { BlobErrorCode.ConditionNotMet.ToString(), BlobErrorCode.BlobAlreadyExists.ToString() });
        Assert.Equal(original, await fixture.ReadAllAsync("conditions/create-only.bin"));
    }

    [Fact]
    public async Task UploadAsync_IfMatchWithStaleETag_ThrowsConditionNotMet()
    {
        // Arrange
        var staleETag = await Container.UploadAsync("conditions/replace.bin", AzuriteContainerFixture.RandomBytes(10, seed: 5), null, CancellationToken.None);
        await Container.UploadAsync("conditions/replace.bin", AzuriteContainerFixture.RandomBytes(10, seed: 6), null, CancellationToken.None);
        var replaceSeen = new BlobUploadOptions { Conditions = new BlobRequestConditions { IfMatch = new ETag(staleETag) } };

        // Act
        var error = await Assert.ThrowsAsync<RequestFailedException>(
            () => Container.UploadAsync("conditions/replace.bin", AzuriteContainerFixture.RandomBytes(10, seed: 7), replaceSeen, CancellationToken.None));

        // Assert
        Assert.Equal(BlobErrorCode.ConditionNotMet.ToString(), error.ErrorCode);
        Assert.Equal(412, error.Status);
    }

    [Fact]
    public async Task UploadAsync_IfMatchWithCurrentETag_ReplacesContent()
    {
        // Arrange
        var currentETag = await Container.UploadAsync("conditions/current.bin", AzuriteContainerFixture.RandomBytes(10, seed: 8), null, CancellationToken.None);
        var replacement = AzuriteContainerFixture.RandomBytes(20, seed: 9);

        // Act
        var newETag = await Container.UploadAsync(
            "conditions/current.bin", replacement, new BlobUploadOptions { Conditions = new BlobRequestConditions { IfMatch = new ETag(currentETag) } }, CancellationToken.None);

        // Assert
        Assert.NotEqual(currentETag, newETag);
        Assert.Equal(replacement, await fixture.ReadAllAsync("conditions/current.bin"));
    }

    [Fact]
    public async Task UploadAsync_AnAccessTierPerWrite_IsRefusedBeforeAnyRequest()
    {
        var options = new BlobUploadOptions { AccessTier = AccessTier.Cool, Conditions = BlobContainer.CreateOnly };

        var error = await Assert.ThrowsAsync<ArgumentException>(() => Container.UploadAsync("tiers/cool.bin", new byte[10], options, CancellationToken.None));

        Assert.Contains("Only HttpHeaders, Metadata and Conditions", error.Message, StringComparison.Ordinal);
        Assert.Null(await Container.GetPropertiesAsync("tiers/cool.bin", CancellationToken.None));
    }

    [Fact]
    public async Task UploadAsync_EncodedUnicodeMetadataAndContentType_RoundTrip()
    {
        // Arrange
        var sourcePath = "Projekt Ü/Pläne/Grundriss #2 (final) 100%.pdf";
        var options = new BlobUploadOptions
        {
            HttpHeaders = new BlobHttpHeaders { ContentType = "application/pdf" },
            Metadata = new Dictionary<string, string>
            {
                ["SourcePath"] = BlobMetadata.Encode(sourcePath),
                ["source_version"] = "7",
                ["a1"] = "the service sorts a_b before a1; ordinal order would not",
                ["a_b"] = "b",
                ["empty"] = string.Empty,
            },
        };

        // Act
        await Container.UploadAsync("metadata/blob.pdf", AzuriteContainerFixture.RandomBytes(5, seed: 10), options, CancellationToken.None);
        var properties = await Container.GetPropertiesAsync("metadata/blob.pdf", CancellationToken.None);

        // Assert
        Assert.NotNull(properties);
        Assert.Equal("application/pdf", properties.ContentType);
        Assert.Equal(sourcePath, BlobMetadata.Decode(properties.Metadata["sourcepath"]));
        Assert.Equal("7", properties.Metadata["SOURCE_VERSION"]);
        Assert.Equal("b", properties.Metadata["a_b"]);
        Assert.Equal(string.Empty, properties.Metadata["empty"]);
    }

    [Fact]
    public async Task UploadAsync_NonAsciiMetadataValue_ThrowsArgumentExceptionBeforeSending()
    {
        // Arrange
        var options = new BlobUploadOptions { Metadata = new Dictionary<string, string> { ["path"] = "Übersicht" } };

        // Act
        var error = await Assert.ThrowsAsync<ArgumentException>(
            () => Container.UploadAsync("metadata/rejected.bin", AzuriteContainerFixture.RandomBytes(1, seed: 11), options, CancellationToken.None));

        // Assert
        Assert.Contains("BlobMetadata.Encode", error.Message, StringComparison.Ordinal);
        Assert.Null(await Container.GetPropertiesAsync("metadata/rejected.bin", CancellationToken.None));
    }
}
