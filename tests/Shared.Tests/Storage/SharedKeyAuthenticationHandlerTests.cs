using System.Net.Http.Headers;
using AccBackup.Storage;

namespace AccBackup.Tests.Storage;

public sealed class SharedKeyAuthenticationHandlerTests
{
    private const string Md5Base64 = "XUFAKrxLKna5cZ2REBfFkg=="; // MD5("hello")

    // HMAC-SHA256 of the expected string to sign under the test key, computed outside .NET (Python hmac).
    private const string ExpectedSignature = "t6BRe1dY9k+6fBGnxSpQySZi19YDeK5Ly1jrROdfUAk=";

    [Fact]
    public void BuildStringToSign_PathStylePutBlockWithConditionsAndMetadata_EqualsHandComputedString()
    {
        // Arrange
        using var request = PutBlockRequest();

        // Act
        var stringToSign = SharedKeyStringToSign.Build(request, "devstoreaccount1");

        // Assert
        const string expected =
            "PUT\n"
            + "\n" // Content-Encoding
            + "\n" // Content-Language
            + "5\n" // Content-Length
            + Md5Base64 + "\n"
            + "application/octet-stream\n"
            + "\n" // Date (x-ms-date is used instead)
            + "\n" // If-Modified-Since
            + "\"0x8D1\"\n" // If-Match
            + "\n" // If-None-Match
            + "\n" // If-Unmodified-Since
            + "\n" // Range
            + "x-ms-client-request-id:req-1\n"
            + "x-ms-date:Fri, 26 Jun 2015 23:39:12 GMT\n"
            + "x-ms-meta-a_b:two\n" // the service sorts '_' before digits
            + "x-ms-meta-a1:one\n"
            + "x-ms-version:2024-11-04\n"
            + "/devstoreaccount1/devstoreaccount1/backups/dir%20a/file%23%3F.bin\n"
            + "blockid:AAAA+/==\n"
            + "comp:block\n"
            + "timeout:20,30";
        Assert.Equal(expected, stringToSign);
    }

    [Fact]
    public void BuildStringToSign_HostStyleHeadWithoutBody_LeavesContentFieldsEmpty()
    {
        // Arrange
        using var request = new HttpRequestMessage(HttpMethod.Head, "https://acct.blob.core.windows.net/backups/a%2Bb.txt");
        request.Headers.TryAddWithoutValidation("x-ms-date", "Fri, 26 Jun 2015 23:39:12 GMT");
        request.Headers.TryAddWithoutValidation("x-ms-version", "2024-11-04");

        // Act
        var stringToSign = SharedKeyStringToSign.Build(request, "acct");

        // Assert
        Assert.Equal(
            "HEAD\n\n\n\n\n\n\n\n\n\n\n\nx-ms-date:Fri, 26 Jun 2015 23:39:12 GMT\nx-ms-version:2024-11-04\n/acct/backups/a%2Bb.txt",
            stringToSign);
    }

    [Fact]
    public void Sign_FixedRequestAndKey_MatchesIndependentlyComputedHmac()
    {
        // Arrange
        using var request = PutBlockRequest();
        var key = Convert.FromBase64String("a2V5LWJ5dGVzLWZvci10ZXN0cw==");
        using var sut = new SharedKeyAuthenticationHandler("devstoreaccount1", key);

        // Act
        var authorization = sut.Sign(request);

        // Assert
        Assert.Equal("SharedKey", authorization.Scheme);
        Assert.Equal("devstoreaccount1:" + ExpectedSignature, authorization.Parameter);
    }

    [Fact]
    public void Compare_StorageHeaderNames_OrdersLikeTheService()
    {
        // Arrange
        string[] names = ["x-ms-version", "x-ms-meta-a1", "x-ms-meta-ab", "x-ms-meta-a_b", "x-ms-blob-type", "x-ms-blob-content-type", "x-ms-date", "x-ms-meta-a"];

        // Act
        var sorted = names.Order(SharedKeyHeaderComparer.Instance).ToArray();

        // Assert
        Assert.Equal(
            ["x-ms-blob-content-type", "x-ms-blob-type", "x-ms-date", "x-ms-meta-a", "x-ms-meta-a_b", "x-ms-meta-a1", "x-ms-meta-ab", "x-ms-version"],
            sorted);
    }

    private static HttpRequestMessage PutBlockRequest()
    {
        var request = new HttpRequestMessage(
            HttpMethod.Put,
            "http://127.0.0.1:10000/devstoreaccount1/backups/dir%20a/file%23%3F.bin?comp=block&blockid=AAAA%2B%2F%3D%3D&Timeout=30&timeout=20")
        {
            Content = new ByteArrayContent("hello"u8.ToArray()),
        };
        request.Content.Headers.ContentMD5 = Convert.FromBase64String(Md5Base64);
        request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
        request.Headers.TryAddWithoutValidation("If-Match", "\"0x8D1\"");
        request.Headers.TryAddWithoutValidation("x-ms-version", "2024-11-04");
        request.Headers.TryAddWithoutValidation("x-ms-meta-a1", "one");
        request.Headers.TryAddWithoutValidation("X-MS-Date", "Fri, 26 Jun 2015 23:39:12 GMT");
        request.Headers.TryAddWithoutValidation("x-ms-meta-a_b", "two");
        request.Headers.TryAddWithoutValidation("x-ms-client-request-id", "req-1");
        return request;
    }
}
