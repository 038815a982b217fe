using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace AccBackup.Storage;

public sealed partial class BlobContainer
{
    /// <summary>The JSON document stored as <paramref name="blobName"/>, or null when there is no such blob: how a run's
    /// per-project snapshots (issues, sheets, members) are read back.</summary>
    public async Task<T?> ReadJsonAsync<T>(string blobName, JsonTypeInfo<T> type, CancellationToken cancellationToken)
        where T : class
    {
        if (await GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false) is null)
        {
            return null;
        }

        var stream = await OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            return await JsonSerializer.DeserializeAsync(stream, type, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Every JSON document under <paramref name="prefix"/> whose name ends with <paramref name="nameSuffix"/>, in
    /// blob-name order.</summary>
    public async IAsyncEnumerable<T> ReadEachJsonAsync<T>(
        string prefix, string nameSuffix, JsonTypeInfo<T> type, [EnumeratorCancellation] CancellationToken cancellationToken)
        where T : class
    {
        await foreach (var blob in ListAsync(prefix, cancellationToken).ConfigureAwait(false))
        {
            if (blob.Name.EndsWith(nameSuffix, StringComparison.Ordinal)
                && await ReadJsonAsync(blob.Name, type, cancellationToken).ConfigureAwait(false) is { } document)
            {
                yield return document;
            }
        }
    }
}
