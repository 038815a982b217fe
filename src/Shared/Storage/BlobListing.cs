using System.Runtime.CompilerServices;

namespace AccBackup.Storage;

/// <summary>List Blobs across pages: each page is read and its response released before its blobs are yielded.</summary>
internal sealed class BlobListing(BlobTransport transport, BlobRequests requests, string containerName)
{
    /// <summary>Every blob under <paramref name="prefix"/>, following NextMarker; <paramref name="maxResultsPerPage"/> null means the service's 5000.</summary>
    public async IAsyncEnumerable<StoredBlob> ListAsync(
        string? prefix, int? maxResultsPerPage, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var operation = new BlobOperation("List", containerName, prefix is null ? null : prefix + "*");
        string? marker = null;
        do
        {
            var page = await ReadPageAsync(operation, prefix, marker, maxResultsPerPage, cancellationToken).ConfigureAwait(false);
            foreach (var blob in page.Blobs)
            {
                yield return blob;
            }

            marker = page.NextMarker;
        }
        while (marker is not null);
    }

    private async Task<BlobListPage> ReadPageAsync(
        BlobOperation operation, string? prefix, string? marker, int? maxResults, CancellationToken cancellationToken)
    {
        using var response = await transport.SendAsync(
            operation, () => requests.List(prefix, marker, maxResults), HttpCompletionOption.ResponseContentRead, cancellationToken).ConfigureAwait(false);
        await BlobStorageException.ThrowIfFailedAsync(response, operation, cancellationToken).ConfigureAwait(false);
        var body = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (body.ConfigureAwait(false))
        {
            return await BlobListPage.ReadAsync(body, cancellationToken).ConfigureAwait(false);
        }
    }
}
