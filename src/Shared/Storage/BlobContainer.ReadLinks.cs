using Azure.Storage.Blobs.Specialized;
using Azure.Storage.Sas;

namespace AccBackup.Storage;

public sealed partial class BlobContainer
{
    /// <summary>How long before "now" a read link is already valid: the service's clock may be a little behind ours.</summary>
    private static readonly TimeSpan ClockSkew = TimeSpan.FromMinutes(5);

    /// <summary>A read-only link to <paramref name="blobName"/> that expires <paramref name="lifetime"/> after <paramref name="now"/>,
    /// signed with a user delegation key (Microsoft Entra ID, never the account key), offered for download as
    /// <paramref name="downloadName"/>; null when the container is reached with a connection string, where the caller streams
    /// the blob itself instead.</summary>
    /// <remarks>The key is asked for with the identity's own rights (Storage Blob Delegator on the account) and the link reads
    /// only what that identity may read, only until it expires.</remarks>
    public Task<Uri?> GetUserDelegationReadUriAsync(
        string blobName, string downloadName, DateTimeOffset now, TimeSpan lifetime, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(lifetime, TimeSpan.Zero);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(lifetime, TimeSpan.FromHours(1));
        if (!clients.SignsWithEntraId)
        {
            return Task.FromResult<Uri?>(null);
        }

        return RunAsync("Get user delegation key for", Checked(blobName), async token =>
        {
            var service = clients.Control.GetParentBlobServiceClient();
            var key = await service.GetUserDelegationKeyAsync(now - ClockSkew, now + lifetime, token).ConfigureAwait(false);
            var sas = new BlobSasBuilder(BlobSasPermissions.Read, now + lifetime)
            {
                BlobContainerName = Name,
                BlobName = blobName,
                Resource = "b",
                StartsOn = now - ClockSkew,
                Protocol = SasProtocol.Https,
                ContentDisposition = new System.Net.Mime.ContentDisposition { FileName = downloadName, DispositionType = "attachment" }.ToString(),
            };
            var blob = new Azure.Storage.Blobs.BlobUriBuilder(clients.Control.GetBlobClient(blobName).Uri)
            {
                Sas = sas.ToSasQueryParameters(key.Value, service.AccountName),
            };
            return (Uri?)blob.ToUri();
        }, cancellationToken);
    }
}
