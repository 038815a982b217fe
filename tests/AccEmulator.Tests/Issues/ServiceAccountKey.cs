using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using AccEmulator.Auth;

namespace AccEmulator.Tests.Issues;

/// <summary>A service account's RSA key for tests: registers its public half and signs assertions by hand (RS256).</summary>
internal sealed class ServiceAccountKey : IDisposable
{
    public const string Audience = "https://developer.api.autodesk.com/authentication/v2/token";

    private readonly RSA rsa = RSA.Create(2048);

    public string AccountId { get; } = "SSA-" + Guid.NewGuid().ToString("N")[..8];

    public string KeyId { get; } = "key-" + Guid.NewGuid().ToString("N")[..8];

    public EmulatedServiceAccount Registration(IReadOnlyList<string>? projectIds = null) =>
        new(AccountId, KeyId, rsa.ExportSubjectPublicKeyInfoPem(), projectIds);

    /// <summary>A compact JWS with the given claims (defaults: a valid assertion for <paramref name="server"/>).</summary>
    public string Assertion(EmulatorServer server, DateTimeOffset now, string? sub = null, string? aud = null, TimeSpan? lifetime = null, string? kid = null,
        string[]? scopes = null)
    {
        var header = new Dictionary<string, object> { ["alg"] = "RS256", ["kid"] = kid ?? KeyId, ["typ"] = "JWT" };
        var claims = new Dictionary<string, object>
        {
            ["iss"] = server.ClientId,
            ["sub"] = sub ?? AccountId,
            ["aud"] = aud ?? Audience,
            ["exp"] = (now + (lifetime ?? TimeSpan.FromMinutes(5))).ToUnixTimeSeconds(),
            ["scope"] = scopes ?? ["data:read"],
        };
        var signed = Base64Url(JsonSerializer.SerializeToUtf8Bytes(header)) + "." + Base64Url(JsonSerializer.SerializeToUtf8Bytes(claims));
        return signed + "." + Base64Url(rsa.SignData(Encoding.ASCII.GetBytes(signed), HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1));
    }

    /// <summary>POSTs the assertion to the token endpoint with the server's Basic credentials.</summary>
    public static async Task<HttpResponseMessage> ExchangeAsync(HttpClient http, EmulatorServer server, string assertion)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "authentication/v2/token")
        {
            Content = new FormUrlEncodedContent([new("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), new("assertion", assertion)]),
        };
        request.Headers.Authorization = new AuthenticationHeaderValue("Basic", Convert.ToBase64String(Encoding.UTF8.GetBytes($"{server.ClientId}:{server.ClientSecret}")));
        return await http.SendAsync(request);
    }

    /// <summary>A user-context token for this account (default scope data:read).</summary>
    public async Task<string> TokenAsync(HttpClient http, EmulatorServer server, DateTimeOffset now, string[]? scopes = null)
    {
        using var response = await ExchangeAsync(http, server, Assertion(server, now, scopes: scopes));
        Assert.True(response.IsSuccessStatusCode, await response.Content.ReadAsStringAsync());
        return (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("access_token").GetString()!;
    }

    public void Dispose() => rsa.Dispose();

    private static string Base64Url(byte[] bytes) => Convert.ToBase64String(bytes).TrimEnd('=').Replace('+', '-').Replace('/', '_');
}
