using System.Net.Http.Headers;
using System.Security.Cryptography;
using System.Text;

namespace AccBackup.Storage;

/// <summary>Signs each request with the storage account key (Shared Key authorization).</summary>
/// <remarks>Runs after <see cref="StorageRequestHeadersHandler"/> so x-ms-date and x-ms-version are signed. The key never leaves this type.</remarks>
internal sealed class SharedKeyAuthenticationHandler : DelegatingHandler
{
    private readonly string accountName;
    private readonly byte[] accountKey;

    /// <summary>Creates a handler signing for <paramref name="accountName"/> with <paramref name="accountKey"/>.</summary>
    public SharedKeyAuthenticationHandler(string accountName, byte[] accountKey)
    {
        this.accountName = accountName;
        this.accountKey = accountKey;
    }

    /// <summary>The Authorization header value for <paramref name="request"/> as it stands now.</summary>
    internal AuthenticationHeaderValue Sign(HttpRequestMessage request)
    {
        var stringToSign = SharedKeyStringToSign.Build(request, accountName);
        var signature = Convert.ToBase64String(HMACSHA256.HashData(accountKey, Encoding.UTF8.GetBytes(stringToSign)));
        return new AuthenticationHeaderValue("SharedKey", $"{accountName}:{signature}");
    }

    /// <inheritdoc />
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        request.Headers.Authorization = Sign(request);
        return base.SendAsync(request, cancellationToken);
    }
}
