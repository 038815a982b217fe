using AccBackup.Backup;
using AccBackup.Backup.Copying;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Modules;

/// <summary>Stores what a signed URL serves (a Sheets export's PDF, a photo) as a write-once blob, hashing it on the way: one
/// pass, no token sent (the URL carries its own signature), the signed-download client's retries.</summary>
/// <remarks>A blob already there (an earlier attempt stored it) is kept and read back for its hash: bytes never change under a name.</remarks>
public sealed class SignedUrlBlobWriter(IHttpClientFactory http, BlobContainer container)
{
    /// <summary>Downloads <paramref name="signedUrl"/> into <paramref name="blobName"/>; returns what is stored there.</summary>
    public async Task<StoredModuleFile> StoreAsync(Uri signedUrl, string blobName, string contentType, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(signedUrl);
        var client = http.CreateClient(BlobCopier.DownloadClientName);
        using var response = await client.GetAsync(signedUrl, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            throw new HttpRequestException($"The signed download of {blobName} answered {(int)response.StatusCode}.", null, response.StatusCode);
        }

        StoredContent? content = null;
        try
        {
            var source = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
            await using (source.ConfigureAwait(false))
            {
                await container.UploadAsync(blobName, async (target, ct) => content = await ContentHasher.HashAsync(source, target, ct).ConfigureAwait(false),
                    new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = contentType }, Conditions = BlobContainer.CreateOnly }, cancellationToken).ConfigureAwait(false);
            }

            return new StoredModuleFile(blobName, content!.Length, content.Sha256);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobAlreadyExists || e.ErrorCode == BlobErrorCode.ConditionNotMet)
        {
            var stored = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
            await using (stored.ConfigureAwait(false))
            {
                var existing = await ContentHasher.HashAsync(stored, null, cancellationToken).ConfigureAwait(false);
                return new StoredModuleFile(blobName, existing.Length, existing.Sha256);
            }
        }
    }
}
