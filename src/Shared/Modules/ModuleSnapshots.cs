using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Modules;

/// <summary>Writing a module's snapshot under its run: each blob created once, never replaced.</summary>
internal static class ModuleSnapshots
{
    /// <summary>Creates <paramref name="blobName"/> with <paramref name="content"/>; a blob already there is left as it is.</summary>
    /// <remarks>A repeated attempt of an export finds what the first wrote: exporters write the CSV first and the JSON record
    /// last, so a record present means both are there.</remarks>
    public static async Task WriteOnceAsync(BlobContainer container, string blobName, byte[] content, string contentType, CancellationToken cancellationToken)
    {
        try
        {
            await container.UploadAsync(blobName, content, new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = contentType }, Conditions = BlobContainer.CreateOnly }, cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobAlreadyExists || e.ErrorCode == BlobErrorCode.ConditionNotMet)
        {
            // Written by an earlier attempt of the same export.
        }
    }
}
