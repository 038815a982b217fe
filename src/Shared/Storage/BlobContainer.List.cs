using System.Runtime.CompilerServices;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Storage;

/// <summary>List Blobs, page after page.</summary>
public sealed partial class BlobContainer
{
    /// <summary>List Blobs: every blob whose name starts with <paramref name="prefix"/>, with metadata, page after page.</summary>
    public IAsyncEnumerable<StoredBlob> ListAsync(string? prefix, CancellationToken cancellationToken) =>
        ListAsync(prefix, maxResultsPerPage: null, cancellationToken);

    /// <summary>List Blobs with a page size, so tests can prove paging with a few blobs; null means the service's 5000.</summary>
    internal async IAsyncEnumerable<StoredBlob> ListAsync(string? prefix, int? maxResultsPerPage, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var operation = new BlobOperation("List", Name, prefix is null ? null : prefix + "*");
        var pages = clients.Control.GetBlobsAsync(BlobTraits.Metadata, BlobStates.None, prefix, cancellationToken)
            .AsPages(pageSizeHint: maxResultsPerPage).GetAsyncEnumerator(cancellationToken);
        await using (pages.ConfigureAwait(false))
        {
            while (await RunAsync(operation, _ => pages.MoveNextAsync().AsTask(), cancellationToken).ConfigureAwait(false))
            {
                foreach (var item in pages.Current.Values)
                {
                    yield return StoredBlob.From(item);
                }
            }
        }
    }
}
