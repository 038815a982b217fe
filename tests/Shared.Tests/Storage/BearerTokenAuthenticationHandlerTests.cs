using AccBackup.Storage;
using Azure.Core;

namespace AccBackup.Tests.Storage;

public sealed class BearerTokenAuthenticationHandlerTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 22, 8, 0, 0, TimeSpan.Zero);

    [Fact]
    public async Task SendAsync_TokenFarFromExpiry_ReusesCachedToken()
    {
        // Arrange
        var (invoker, credential, stub, _) = CreateSut();

        // Act
        await SendAsync(invoker);
        await SendAsync(invoker);

        // Assert
        Assert.Equal(1, credential.Calls);
        Assert.Equal(["Bearer token-1", "Bearer token-1"], stub.Seen.Select(static s => s.Authorization));
        Assert.Equal(["https://storage.azure.com/.default"], credential.LastScopes);
    }

    [Fact]
    public async Task SendAsync_WithinFiveMinutesOfExpiry_FetchesNewToken()
    {
        // Arrange
        var (invoker, credential, stub, time) = CreateSut();
        await SendAsync(invoker);
        time.Advance(TimeSpan.FromMinutes(55) + TimeSpan.FromSeconds(1));

        // Act
        await SendAsync(invoker);

        // Assert
        Assert.Equal(2, credential.Calls);
        Assert.Equal("Bearer token-2", stub.Seen[^1].Authorization);
    }

    private static (HttpMessageInvoker Invoker, StubCredential Credential, StubHttpHandler Stub, ManualTimeProvider Time) CreateSut()
    {
        var time = new ManualTimeProvider(Start);
        var credential = new StubCredential(time);
        var stub = new StubHttpHandler(StubHttpHandler.Respond(200));
        var handler = new BearerTokenAuthenticationHandler(credential, time) { InnerHandler = stub };
        return (new HttpMessageInvoker(handler), credential, stub, time);
    }

    private static async Task SendAsync(HttpMessageInvoker invoker)
    {
        using var request = new HttpRequestMessage(HttpMethod.Head, "https://acct.blob.core.windows.net/c/b");
        using var response = await invoker.SendAsync(request, CancellationToken.None);
    }

    private sealed class StubCredential(TimeProvider time) : TokenCredential
    {
        public int Calls { get; private set; }

        public string[] LastScopes { get; private set; } = [];

        public override AccessToken GetToken(TokenRequestContext requestContext, CancellationToken cancellationToken) =>
            throw new NotSupportedException("The handler must ask asynchronously.");

        public override ValueTask<AccessToken> GetTokenAsync(TokenRequestContext requestContext, CancellationToken cancellationToken)
        {
            Calls++;
            LastScopes = requestContext.Scopes;
            return new(new AccessToken($"token-{Calls}", time.GetUtcNow().AddHours(1)));
        }
    }

    private sealed class ManualTimeProvider(DateTimeOffset now) : TimeProvider
    {
        private DateTimeOffset now = now;

        public void Advance(TimeSpan by) => now += by;

        public override DateTimeOffset GetUtcNow() => now;
    }
}
