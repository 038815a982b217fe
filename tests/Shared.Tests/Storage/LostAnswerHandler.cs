using System.Net;

namespace AccBackup.Tests.Storage;

/// <summary>Sends the first write (PUT) whose path contains a given text on to the real service, then answers the client
/// 503 as if the answer had been lost on the way: the SDK retries a write that has already landed.</summary>
public sealed class LostAnswerHandler(string pathPart) : DelegatingHandler(new SocketsHttpHandler())
{
    private int lost;

    /// <summary>How many answers were replaced by a 503.</summary>
    public int Lost => Volatile.Read(ref lost);

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken);
        if (request.Method == HttpMethod.Put && request.RequestUri!.AbsolutePath.Contains(pathPart, StringComparison.Ordinal)
            && response.IsSuccessStatusCode && Interlocked.CompareExchange(ref lost, 1, 0) == 0)
        {
            response.Dispose();
            return new HttpResponseMessage(HttpStatusCode.ServiceUnavailable) { RequestMessage = request };
        }

        return response;
    }
}
