using AccBackup.Storage;

namespace AccBackup.Tests.Storage;

[Trait("Category", "Unit")]
public sealed class BlobMetadataTests
{
    [Theory]
    [InlineData("sourcePath")]
    [InlineData("_private")]
    [InlineData("v2_hash")]
    public void IsValidName_CSharpIdentifier_ReturnsTrue(string name) => Assert.True(BlobMetadata.IsValidName(name));

    [Theory]
    [InlineData("")]
    [InlineData("1st")]
    [InlineData("source-path")]
    [InlineData("source path")]
    [InlineData("Größe")]
    public void IsValidName_NotAnAsciiIdentifier_ReturnsFalse(string name) => Assert.False(BlobMetadata.IsValidName(name));

    [Fact]
    public void Validate_InvalidName_ThrowsArgumentExceptionNamingIt()
    {
        // Arrange
        var metadata = new Dictionary<string, string> { ["source-path"] = "x" };

        // Act
        var error = Assert.Throws<ArgumentException>(() => BlobMetadata.Validate(metadata, "options"));

        // Assert
        Assert.Contains("'source-path'", error.Message, StringComparison.Ordinal);
        Assert.Contains("C# identifier", error.Message, StringComparison.Ordinal);
        Assert.Equal("options", error.ParamName);
    }

    [Theory]
    [InlineData("Übersicht")]
    [InlineData(" padded")]
    [InlineData("line\nbreak")]
    public void Validate_ValueNotPlainAscii_ThrowsArgumentExceptionPointingToEncode(string value)
    {
        // Act
        var error = Assert.Throws<ArgumentException>(
            () => BlobMetadata.Validate(new Dictionary<string, string> { ["name"] = value }, "options"));

        // Assert
        Assert.Contains("BlobMetadata.Encode", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_NamesDifferingOnlyInCase_ThrowsArgumentException()
    {
        // Arrange
        var metadata = new Dictionary<string, string>(StringComparer.Ordinal) { ["Path"] = "a", ["path"] = "b" };

        // Act & Assert
        Assert.Throws<ArgumentException>(() => BlobMetadata.Validate(metadata, "options"));
    }

    [Theory]
    [InlineData("Projekt Ü/Pläne/Grundriss #2 100%+.pdf")]
    [InlineData("日本語のファイル名.dwg")]
    [InlineData("")]
    public void Encode_AnyText_IsValidAndDecodesBack(string text)
    {
        // Act
        var encoded = BlobMetadata.Encode(text);

        // Assert
        BlobMetadata.Validate(new Dictionary<string, string> { ["value"] = encoded }, "options");
        Assert.Equal(text, BlobMetadata.Decode(encoded));
    }
}
