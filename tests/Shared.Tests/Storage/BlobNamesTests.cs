using AccBackup.Storage;

namespace AccBackup.Tests.Storage;

[Trait("Category", "Unit")]
public sealed class BlobNamesTests
{
    [Theory]
    [InlineData("a/./b")]
    [InlineData("../escape")]
    [InlineData("")]
    public void Validate_UnaddressableName_ThrowsArgumentException(string name)
    {
        // Act
        var error = Assert.ThrowsAny<ArgumentException>(() => BlobNames.Validate(name, "blobName"));

        // Assert
        Assert.Equal("blobName", error.ParamName);
    }

    [Fact]
    public void Validate_NameLongerThan1024_ThrowsArgumentException()
    {
        // Act
        var error = Assert.Throws<ArgumentException>(() => BlobNames.Validate(new string('x', 1025), "blobName"));

        // Assert
        Assert.Contains("1024", error.Message, StringComparison.Ordinal);
    }
}
