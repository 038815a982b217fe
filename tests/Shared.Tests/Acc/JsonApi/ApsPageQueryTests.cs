using AccBackup.Acc;
using AccBackup.Acc.JsonApi;

namespace AccBackup.Tests.Acc.JsonApi;

[Trait("Category", "Unit")]
public sealed class ApsPageQueryTests
{
    private static readonly ApsPageQuery Query = new(("page[limit]", "200"), ("includeHidden", "true"));

    [Fact]
    public void ToString_Parameters_PercentEncodesKeys()
    {
        // Act
        var text = Query.ToString();

        // Assert
        Assert.Equal("page%5Blimit%5D=200&includeHidden=true", text);
    }

    [Fact]
    public void Complete_NextWithOnlyPageNumber_AppendsEveryMissingParameter()
    {
        // Arrange
        var next = new Uri("https://aps.test/data/v1/projects/b.p/folders/urn:adsk.wipprod:fs.folder:co.X/contents?page%5Bnumber%5D=1");

        // Act
        var completed = Query.Complete(next);

        // Assert
        Assert.Equal(next.OriginalString + "&page%5Blimit%5D=200&includeHidden=true", completed.OriginalString);
    }

    [Fact]
    public void Complete_NextWithEveryParameter_ReturnsItUnchanged()
    {
        // Arrange
        var next = new Uri("https://aps.test/c?page%5Bnumber%5D=1&includeHidden=true&page[limit]=50");

        // Act
        var completed = Query.Complete(next);

        // Assert
        Assert.Same(next, completed);
    }

    [Fact]
    public void Complete_NextWithoutQuery_StartsAQuery()
    {
        // Arrange
        var next = new Uri("https://aps.test/c");

        // Act
        var completed = Query.Complete(next);

        // Assert
        Assert.Equal("https://aps.test/c?page%5Blimit%5D=200&includeHidden=true", completed.OriginalString);
    }
}
