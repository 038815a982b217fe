using Azure.Core;
using Azure.Identity;

namespace AccBackup.Storage;

/// <summary>Chooses how requests are authorized from <see cref="BlobStorageOptions"/> and builds the handler chain for it.</summary>
internal static class BlobAuthentication
{
    /// <summary>The service endpoint and the handler chain (headers, then authorization, then <paramref name="primary"/>).</summary>
    /// <remarks>
    /// ConnectionString: Shared Key with the account key. ServiceUri: bearer tokens from a
    /// <see cref="ManagedIdentityCredential"/> for the configured user-assigned identity, else <see cref="DefaultAzureCredential"/>
    /// (managed identity in Azure, developer sign-in locally).
    /// </remarks>
    public static (Uri ServiceEndpoint, HttpMessageHandler Handler) CreateHandler(
        BlobStorageOptions options, HttpMessageHandler primary, TimeProvider timeProvider)
    {
        DelegatingHandler authorization;
        Uri endpoint;
        if (!string.IsNullOrWhiteSpace(options.ConnectionString))
        {
            var connection = StorageConnectionString.Parse(options.ConnectionString);
            endpoint = connection.BlobEndpoint;
            authorization = new SharedKeyAuthenticationHandler(connection.AccountName, connection.AccountKey);
        }
        else
        {
            endpoint = options.ServiceUri
                ?? throw new InvalidOperationException($"Set {BlobStorageOptions.SectionName}:ConnectionString or {BlobStorageOptions.SectionName}:ServiceUri.");
            authorization = new BearerTokenAuthenticationHandler(CreateCredential(options.ManagedIdentityClientId), timeProvider);
        }

        authorization.InnerHandler = primary;
        var handler = new StorageRequestHeadersHandler(timeProvider) { InnerHandler = authorization };
        return (endpoint, handler);
    }

    /// <summary>The token credential for <paramref name="managedIdentityClientId"/>, or the default chain when it is empty.</summary>
    public static TokenCredential CreateCredential(string? managedIdentityClientId) =>
        string.IsNullOrWhiteSpace(managedIdentityClientId)
            ? new DefaultAzureCredential()
            : new ManagedIdentityCredential(ManagedIdentityId.FromUserAssignedClientId(managedIdentityClientId));
}
