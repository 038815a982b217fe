using System.Collections.Concurrent;
using System.Net;
using System.Text;

namespace AccBackup.Tests.Acc;

/// <summary>A hand-written stand-in for APS for narrow unit tests: answers token requests, routes the rest to a function.</summary>
internal sealed class StubApsHandler(Func<HttpRequestMessage, int, HttpResponseMessage> answer) : HttpMessageHandler
{
    private int tokenCount;

    public ConcurrentQueue<string> Requests { get; } = new();

    public int TokenRequests => tokenCount;

    public HttpStatusCode TokenStatus { get; set; } = HttpStatusCode.OK;

    public static HttpResponseMessage Json(string json, HttpStatusCode status = HttpStatusCode.OK) =>
        new(status) { Content = new StringContent(json, Encoding.UTF8, "application/vnd.api+json") };

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var path = request.RequestUri!.AbsolutePath;
        if (path.EndsWith("/authentication/v2/token", StringComparison.Ordinal))
        {
            var n = Interlocked.Increment(ref tokenCount);
            return Task.FromResult(TokenStatus == HttpStatusCode.OK
                ? Json($$"""{"access_token":"token-{{n}}","token_type":"Bearer","expires_in":3599}""")
                : Json("""{"developerMessage":"The client_id specified does not have access to the api product"}""", TokenStatus));
        }

        Requests.Enqueue(request.RequestUri.PathAndQuery);
        return Task.FromResult(answer(request, Requests.Count));
    }
}
