namespace AccBackup.Tests.Storage;

/// <summary>Answers requests from a script, one step per request, and records what each request carried.</summary>
internal sealed class StubHttpHandler(params Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>>[] script) : HttpMessageHandler
{
    private int calls;

    /// <summary>Each request as seen on the wire: the message, its Authorization and x-ms-date, and its body.</summary>
    public List<(HttpRequestMessage Request, string? Authorization, string? Date, byte[] Body)> Seen { get; } = [];

    /// <summary>A step answering with <paramref name="status"/> and optional headers.</summary>
    public static Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> Respond(
        int status, params (string Name, string Value)[] headers) => (_, _) =>
    {
        var response = new HttpResponseMessage((System.Net.HttpStatusCode)status) { Content = new ByteArrayContent([]) };
        foreach (var (name, value) in headers)
        {
            response.Headers.TryAddWithoutValidation(name, value);
        }

        return Task.FromResult(response);
    };

    /// <summary>A step failing as a broken connection does.</summary>
    public static Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> Fail() =>
        (_, _) => throw new HttpRequestException("Connection reset (stub).");

    /// <summary>A step that never answers until cancelled.</summary>
    public static Func<HttpRequestMessage, CancellationToken, Task<HttpResponseMessage>> Hang() => async (_, token) =>
    {
        await Task.Delay(Timeout.Infinite, token);
        throw new InvalidOperationException("Unreachable.");
    };

    /// <inheritdoc />
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var body = request.Content is null ? [] : await request.Content.ReadAsByteArrayAsync(cancellationToken);
        request.Headers.TryGetValues("x-ms-date", out var date);
        Seen.Add((request, request.Headers.Authorization?.ToString(), date?.SingleOrDefault(), body));
        var step = script[Math.Min(calls++, script.Length - 1)];
        return await step(request, cancellationToken);
    }
}
