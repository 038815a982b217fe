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

    /// <summary>List Blobs: every blob whose name starts with <paramref name="prefix"/>, with its creation time, legal hold and
    /// immutability policy (<see cref="StoredBlob.HasLegalHold"/>, <see cref="StoredBlob.ImmutableUntil"/>) but no metadata:
    /// what a delete must check first.</summary>
    public IAsyncEnumerable<StoredBlob> ListWithHoldsAsync(string? prefix, CancellationToken cancellationToken) =>
        ListAsync(prefix, BlobTraits.ImmutabilityPolicy | BlobTraits.LegalHold, maxResultsPerPage: null, cancellationToken);

    /// <summary>List Blobs with a page size, so tests can prove paging with a few blobs; null means the service's 5000.</summary>
    internal IAsyncEnumerable<StoredBlob> ListAsync(string? prefix, int? maxResultsPerPage, CancellationToken cancellationToken) =>
        ListAsync(prefix, BlobTraits.Metadata, maxResultsPerPage, cancellationToken);

    private async IAsyncEnumerable<StoredBlob> ListAsync(string? prefix, BlobTraits traits, int? maxResultsPerPage, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var operation = new BlobOperation("List", Name, prefix is null ? null : prefix + "*");
        var pages = clients.Control.GetBlobsAsync(traits, BlobStates.None, prefix, cancellationToken)
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
