using AccBackup.Acc;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Acc;

[Trait("Category", "Unit")]
public sealed class ApsOssClientTests
{
    private static readonly Uri BaseUrl = new("https://aps.test/");
    private static readonly OssObject Storage = new("wip.dm.prod", "a.rvt");

    [Theory]
    [InlineData("http://s3.example.com/wip.dm.prod/a.rvt?X-Amz-Signature=secret", "http://s3.example.com")]
    [InlineData("http://10.1.2.3/wip.dm.prod/a.rvt?X-Amz-Signature=secret", "http://10.1.2.3")]
    [InlineData("ftp://s3.example.com/a.rvt?X-Amz-Signature=secret", "ftp://s3.example.com")]
    public async Task GetSignedDownloadAsync_UrlNotHttps_RefusedByOriginWithoutItsQuery(string url, string origin)
    {
        using var stub = Answering(url);
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var oss = services.GetRequiredService<ApsOssClient>();

        var error = await Assert.ThrowsAsync<ApsResponseException>(() => oss.GetSignedDownloadAsync(Storage, CancellationToken.None));

        Assert.Contains($"url for object 'a.rvt' is not https ({origin})", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain("secret", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("https://s3.example.com/wip.dm.prod/a.rvt?X-Amz-Signature=s")]
    [InlineData("http://127.0.0.1:5080/_s3/wip.dm.prod/a.rvt?X-Amz-Signature=s")]
    [InlineData("http://localhost:5080/_s3/wip.dm.prod/a.rvt?X-Amz-Signature=s")]
    public async Task GetSignedDownloadAsync_HttpsOrLoopbackHttp_Accepted(string url)
    {
        using var stub = Answering(url);
        await using var services = ApsTestServices.Create(BaseUrl, stub);
        var oss = services.GetRequiredService<ApsOssClient>();

        var signed = await oss.GetSignedDownloadAsync(Storage, CancellationToken.None);

        Assert.Equal((new Uri(url), 10L), (signed.Url, signed.Size!.Value));
    }

    private static StubApsHandler Answering(string url) =>
        new((_, _) => StubApsHandler.Json($$"""{"status":"complete","url":"{{url}}","params":{},"size":10}"""));
}
