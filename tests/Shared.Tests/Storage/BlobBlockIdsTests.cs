using AccBackup.Storage;

namespace AccBackup.Tests.Storage;

[Trait("Category", "Unit")]
public sealed class BlobBlockIdsTests
{
    [Fact]
    public void FromIndex_AnyIndex_GivesDistinctIdsOfOneLength()
    {
        // Act
        var ids = new[] { 0, 1, 9_999, BlobBlockIds.MaxBlocks - 1 }.Select(BlobBlockIds.FromIndex).ToList();

        // Assert
        Assert.Single(ids.Select(static id => id.Length).Distinct());
        Assert.Equal(ids.Count, ids.Distinct().Count());
        Assert.All(ids, static id => BlobBlockIds.Validate(id, "blockId"));
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(BlobBlockIds.MaxBlocks)]
    public void FromIndex_OutsideServiceLimits_ThrowsArgumentOutOfRange(int index) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => BlobBlockIds.FromIndex(index));

    [Theory]
    [InlineData("")]
    [InlineData("not base64!")]
    public void Validate_NotBase64_ThrowsArgumentExceptionNamingTheParameter(string candidate)
    {
        // Act
        var error = Assert.ThrowsAny<ArgumentException>(() => BlobBlockIds.Validate(candidate, "blockId"));

        // Assert
        Assert.Equal("blockId", error.ParamName);
    }

    [Fact]
    public void Validate_MoreThan64BytesDecoded_ThrowsArgumentException() =>
        Assert.Throws<ArgumentException>(() => BlobBlockIds.Validate(Convert.ToBase64String(new byte[65]), "blockId"));
}
