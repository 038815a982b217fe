using System.Buffers.Text;
using System.Net.Http.Json;
using System.Text.Json;
using AccEmulator.Tests.TestSupport;

namespace AccEmulator.Tests.Endpoints.Shapes;

public sealed class TokenShapeTests
{
    [Fact]
    public async Task Token_ClientCredentials_HasApsTokenShape()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.RequestTokenAsync(aps.Server.ClientId, aps.Server.ClientSecret);
        var body = await response.EnsureSuccessStatusCode().Content.ReadFromJsonAsync<JsonElement>();

        // Assert: a two-legged grant has no refresh token.
        JsonShape.Assert(body, "access_token: String", "token_type: String", "expires_in: Number", "!refresh_token", "!id_token");
        Assert.Equal("Bearer", body.GetProperty("token_type").GetString());
    }

    [Fact]
    public async Task Token_ClientCredentials_IsAnRs256JwtOfRealisticLength()
    {
        // Arrange
        await using var aps = await TestEmulator.ConnectAsync();

        // Act
        using var response = await aps.RequestTokenAsync(aps.Server.ClientId, aps.Server.ClientSecret);
        var token = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("access_token").GetString()!;

        // Assert
        var parts = token.Split('.');
        Assert.Equal(3, parts.Length);
        Assert.InRange(token.Length, 600, 2000);
        var header = JsonDocument.Parse(Base64Url.DecodeFromChars(parts[0])).RootElement;
        var payload = JsonDocument.Parse(Base64Url.DecodeFromChars(parts[1])).RootElement;
        Assert.Equal("RS256", header.GetProperty("alg").GetString());
        JsonShape.Assert(payload, "scope: Array", "client_id: String", "iss: String", "aud: String", "jti: String", "exp: Number");
        Assert.Equal(aps.Server.ClientId, payload.GetProperty("client_id").GetString());
        Assert.Equal("data:read", payload.GetProperty("scope")[0].GetString());
        Assert.Equal(256, Base64Url.DecodeFromChars(parts[2]).Length);
    }
}
