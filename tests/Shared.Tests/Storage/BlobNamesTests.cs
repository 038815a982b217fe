using AccBackup.Storage;

namespace AccBackup.Tests.Storage;

public sealed class BlobNamesTests
{
    [Theory]
    [InlineData("plain/file.txt", "plain/file.txt")]
    [InlineData("a b/c#d?e%f+g.txt", "a%20b/c%23d%3Fe%25f%2Bg.txt")]
    [InlineData("Übersicht/€.pdf", "%C3%9Cbersicht/%E2%82%AC.pdf")]
    [InlineData("deep/er//x/", "deep/er//x/")]
    public void EncodePath_AwkwardCharacters_EncodesEachSegmentAndKeepsSlashes(string name, string expected)
    {
        // Act
        var encoded = BlobNames.EncodePath(name, "blobName");

        // Assert
        Assert.Equal(expected, encoded);
    }

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
