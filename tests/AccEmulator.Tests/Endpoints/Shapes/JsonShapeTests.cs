using System.Text.Json;
using Xunit.Sdk;

namespace AccEmulator.Tests.Endpoints.Shapes;

[Trait("Category", "Unit")]
public sealed class JsonShapeTests
{
    private static readonly JsonElement Body = JsonDocument.Parse(
        """{"links":{"self":{"href":"s"}},"data":[{"a":true,"b":"x"},{"a":false}],"empty":[]}""").RootElement;

    [Theory]
    [InlineData("links.self.href: String")]
    [InlineData("data[*].a: Boolean")]
    [InlineData("data[0].a: True")]
    [InlineData("?data[*].b: String")]
    [InlineData("!links.first")]
    [InlineData("!data[*].c")]
    [InlineData("!missing.parent.member")]
    public void Assert_MatchingLine_Passes(string line) => JsonShape.Assert(Body, line);

    [Theory]
    [InlineData("links.next.href: String")]
    [InlineData("data[*].b: String")]
    [InlineData("data[*].a: True")]
    [InlineData("?data[*].a: String")]
    [InlineData("!links.self")]
    [InlineData("!data[*].b")]
    [InlineData("empty[*].a: String")]
    [InlineData("data[5].a: Boolean")]
    public void Assert_MismatchingLine_Fails(string line) =>
        Assert.Throws<TrueException>(() => JsonShape.Assert(Body, line));
}
