using AccBackup.Acc;

namespace AccBackup.Tests.Acc;

/// <summary>Which URLs the app may call, and what of a URL a message may show.</summary>
[Trait("Category", "Unit")]
public sealed class HttpsRuleTests
{
    [Theory]
    [InlineData("https://developer.api.autodesk.com/data/v1", true)]
    [InlineData("http://127.0.0.1:5000/data/v1", true)]
    [InlineData("http://localhost:5000/", true)]
    [InlineData("http://[::1]:5000/", true)]
    [InlineData("http://developer.api.autodesk.com/", false)]
    [InlineData("http://10.0.0.4/", false)]
    [InlineData("http://127.0.0.1.evil.example/", false)]
    [InlineData("http://localhost.evil.example/", false)]
    [InlineData("ftp://127.0.0.1/", false)]
    public void Allows_Url_HttpsAnywhereHttpOnlyOnLoopback(string url, bool allowed)
    {
        // Act
        var result = HttpsRule.Allows(new Uri(url));

        // Assert
        Assert.Equal(allowed, result);
    }

    [Fact]
    public void Origin_UrlWithUserInfoPathAndQuery_ShowsSchemeHostAndPortOnly()
    {
        // Arrange: a hostile link with credentials before its host, and a signed URL's secret query.
        var url = new Uri("https://user:secret@evil.example:8443/bucket/object?Signature=abc&X-Amz-Credential=key");

        // Act
        var origin = HttpsRule.Origin(url);

        // Assert
        Assert.Equal("https://evil.example:8443", origin);
    }
}
