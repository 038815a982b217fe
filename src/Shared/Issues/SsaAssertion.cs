using System.Security.Cryptography;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;

namespace AccBackup.Issues;

/// <summary>Signs the RS256 JWT a Secure Service Account exchanges for a token: header <c>kid</c>; claims <c>iss</c> (client id),
/// <c>sub</c> (SSA id), <c>aud</c> (APS's token endpoint), <c>exp</c> and <c>scope</c> (an array, as Autodesk's samples send it).</summary>
internal sealed class SsaAssertion : IDisposable
{
    /// <summary>The audience APS requires, whatever base URL the token endpoint is reached on.</summary>
    public const string Audience = "https://developer.api.autodesk.com/authentication/v2/token";

    private readonly RSA rsa;
    private readonly SigningCredentials credentials;
    private readonly JsonWebTokenHandler handler = new() { SetDefaultTimesOnTokenCreation = false };

    /// <summary>Loads the key once; throws <see cref="ArgumentException"/> or <see cref="CryptographicException"/> for a bad PEM.</summary>
    public SsaAssertion(string privateKeyPem, string keyId)
    {
        rsa = RSA.Create();
        rsa.ImportFromPem(privateKeyPem);
        // The library's default factory caches signers process-wide by key id: a second assertion with the same kid (another
        // service provider in the same process, after the first was disposed) would get a signer holding a disposed key.
        credentials = new SigningCredentials(new RsaSecurityKey(rsa) { KeyId = keyId }, SecurityAlgorithms.RsaSha256)
        {
            CryptoProviderFactory = new CryptoProviderFactory { CacheSignatureProviders = false },
        };
    }

    /// <summary>A compact JWS valid from <paramref name="now"/> for <paramref name="lifetime"/>.</summary>
    public string Create(string clientId, string serviceAccountId, IReadOnlyList<string> scopes, DateTimeOffset now, TimeSpan lifetime) =>
        handler.CreateToken(new SecurityTokenDescriptor
        {
            Issuer = clientId,
            Audience = Audience,
            Expires = (now + lifetime).UtcDateTime,
            Claims = new Dictionary<string, object>
            {
                [JwtRegisteredClaimNames.Sub] = serviceAccountId,
                ["scope"] = scopes.ToArray(),
            },
            SigningCredentials = credentials,
        });

    public void Dispose() => rsa.Dispose();
}
