using AccBackup.Backup.Listing;
using AccBackup.Manifest.Catalog;
using AccBackup.Modules;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Runs.State;

/// <summary>Reads one project's part of a run's folder state and inventory: the blobs its listings wrote, found by the key of the
/// project's first listing (its slices' keys extend it: <c>0003</c>, <c>0003-000</c>, <c>0003-000-001</c>, …).</summary>
public sealed class RunListedProjectReader([FromKeyedServices(BlobContainer.StateKey)] BlobContainer container, NdjsonBlobs blobs) : IListedProjectReader
{
    /// <inheritdoc />
    public async Task<ListedProject> ReadAsync(string runId, string listingKey, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(listingKey);
        var folders = await ReadAllAsync(RunLayout.FolderStatePrefix(runId), listingKey, RunJsonContext.Default.FolderRef, cancellationToken).ConfigureAwait(false);
        var files = await ReadAllAsync(RunLayout.InventoryPrefix(runId), listingKey, RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false);
        return new ListedProject(folders, files);
    }

    private async Task<List<T>> ReadAllAsync<T>(string prefix, string listingKey, System.Text.Json.Serialization.Metadata.JsonTypeInfo<T> type, CancellationToken cancellationToken)
    {
        // "0003" also begins "00031" once a run has more than 9,999 projects: only the key itself or the key and a dash.
        var names = new List<string>();
        await foreach (var blob in container.ListAsync(prefix + listingKey, cancellationToken).ConfigureAwait(false))
        {
            var rest = blob.Name[(prefix.Length + listingKey.Length)..];
            if (rest == ".ndjson" || rest.StartsWith('-'))
            {
                names.Add(blob.Name);
            }
        }

        var all = new List<T>();
        await foreach (var records in blobs.ReadEachAsync(names, type, cancellationToken).ConfigureAwait(false))
        {
            all.AddRange(records ?? []);
        }

        return all;
    }
}
