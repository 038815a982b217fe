using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Faults;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints;

public sealed class AuthenticationEndpointsTests
{
    [Fact]
    public async Task Token_ValidBasicCredentials_ReturnsBearerTokenFor3599Seconds()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.RequestTokenAsync("demo-client", "demo-secret");

        // Assert
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var body = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.False(string.IsNullOrEmpty(body.GetProperty("access_token").GetString()));
        Assert.Equal("Bearer", body.GetProperty("token_type").GetString());
        Assert.Equal(3599, body.GetProperty("expires_in").GetInt32());
    }

    [Theory]
    [InlineData("demo-client", "wrong-secret")]
    [InlineData("other-client", "demo-secret")]
    public async Task Token_BadCredentials_Returns401WithApsErrorBody(string clientId, string secret)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.RequestTokenAsync(clientId, secret);

        // Assert
        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
        var body = await response.Content.ReadFromJsonAsync<JsonElement>();
        Assert.False(string.IsNullOrEmpty(body.GetProperty("developerMessage").GetString()));
        Assert.False(string.IsNullOrEmpty(body.GetProperty("errorCode").GetString()));
    }

    [Fact]
    public async Task Token_NoAuthorizationHeader_Returns401()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        using var content = new FormUrlEncodedContent([new("grant_type", "client_credentials"), new("scope", "data:read")]);

        // Act
        using var response = await new HttpClient().PostAsync(new Uri(aps.Server.BaseUrl, "authentication/v2/token"), content);

        // Assert
        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("not-a-token")]
    public async Task Hubs_MissingOrUnknownToken_Returns401(string? token)
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();
        aps.Http.DefaultRequestHeaders.Authorization = token is null ? null : new AuthenticationHeaderValue("Bearer", token);

        // Act
        using var response = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
        Assert.True((await response.Content.ReadFromJsonAsync<JsonElement>()).TryGetProperty("developerMessage", out _));
    }

    [Fact]
    public async Task Hubs_AfterTokenLifetime_Returns401UntilANewTokenIsIssued()
    {
        // Arrange
        var clock = new ManualTimeProvider();
        await using var aps = await TestEmulator.ConnectAsync(TestEmulator.Options(clock) with
        {
            Faults = new FaultOptions { TokenLifetime = TimeSpan.FromSeconds(30) },
        });
        using var before = await aps.GetAsync("project/v1/hubs");

        // Act
        clock.Advance(TimeSpan.FromSeconds(30));
        using var expired = await aps.GetAsync("project/v1/hubs");
        await aps.AuthenticateAsync();
        using var renewed = await aps.GetAsync("project/v1/hubs");

        // Assert
        Assert.Equal(HttpStatusCode.OK, before.StatusCode);
        Assert.Equal(HttpStatusCode.Unauthorized, expired.StatusCode);
        Assert.Equal(HttpStatusCode.OK, renewed.StatusCode);
    }
}
