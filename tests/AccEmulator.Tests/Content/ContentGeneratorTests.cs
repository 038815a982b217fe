using AccEmulator.Content;

namespace AccEmulator.Tests.Content;

[Trait("Category", "Unit")]
public sealed class ContentGeneratorTests
{
    [Theory]
    [InlineData(0, 1)]
    [InlineData(3, 5)]
    [InlineData(5, 64)]
    [InlineData(7, 1000)]
    [InlineData(8, 33)]
    [InlineData(13, 4099)]
    public void Fill_AnyOffsetAndLength_EqualsTheSliceOfTheWhole(int offset, int length)
    {
        // Arrange
        var key = ContentGenerator.KeyFor(42, "object.bin");
        var whole = new byte[8192];
        ContentGenerator.Fill(key, 0, whole);
        var part = new byte[length];

        // Act
        ContentGenerator.Fill(key, offset, part);

        // Assert
        Assert.Equal(whole.AsSpan(offset, length).ToArray(), part);
    }

    [Fact]
    public void Fill_FarOffset_MatchesAWindowGeneratedAcrossIt()
    {
        // Arrange
        var key = ContentGenerator.KeyFor(42, "large.bin");
        const long Far = (5L << 30) - 100;
        var window = new byte[300];
        ContentGenerator.Fill(key, Far - 100, window);
        var part = new byte[150];

        // Act
        ContentGenerator.Fill(key, Far + 3, part);

        // Assert
        Assert.Equal(window.AsSpan(103, 150).ToArray(), part);
    }

    [Fact]
    public void KeyFor_DifferentSeedOrObject_GivesDifferentBytes()
    {
        // Arrange
        var a = new byte[64];
        var b = new byte[64];
        var c = new byte[64];

        // Act
        ContentGenerator.Fill(ContentGenerator.KeyFor(1, "x.pdf"), 0, a);
        ContentGenerator.Fill(ContentGenerator.KeyFor(2, "x.pdf"), 0, b);
        ContentGenerator.Fill(ContentGenerator.KeyFor(1, "y.pdf"), 0, c);

        // Assert
        Assert.NotEqual(a, b);
        Assert.NotEqual(a, c);
    }
}
