using AccBackup.Bench.Hosting;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Bench.Measure;

/// <summary>What a backup holds, counted from the service's listings: the files' data blobs, and the tool's own blobs under
/// the reserved <c>$acc-backup/</c> prefix (manifests apart from working records), and the state container's.</summary>
/// <param name="DataBlobs">Blobs outside the reserved prefix: the backed-up versions.</param>
/// <param name="ManifestBlobs">Each run's manifest.json and manifest.csv.</param>
/// <param name="RecordBlobs">The rest of the reserved prefix (inventory, results, folder state, pointers).</param>
/// <param name="StateBlobs">The state container's blobs (pointers and tallies updated in place; not backup data).</param>
internal sealed record ContainerCensus(
    int DataBlobs, long DataBytes, int ManifestBlobs, long ManifestBytes, int RecordBlobs, long RecordBytes, int StateBlobs, long StateBytes)
{
    /// <summary>Lists the backup container and the state container of <paramref name="host"/>.</summary>
    public static async Task<ContainerCensus> TakeAsync(EngineHost host, CancellationToken cancellationToken)
    {
        int data = 0, manifests = 0, records = 0, state = 0;
        long dataBytes = 0, manifestBytes = 0, recordBytes = 0, stateBytes = 0;
        await foreach (var blob in host.Container.ListAsync(null, cancellationToken))
        {
            if (!blob.Name.StartsWith(BlobNames.ReservedPrefix + "/", StringComparison.Ordinal))
            {
                (data, dataBytes) = (data + 1, dataBytes + blob.Length);
            }
            else if (blob.Name.EndsWith("/" + RunLayout.ManifestFileName, StringComparison.Ordinal) || blob.Name.EndsWith("/manifest.csv", StringComparison.Ordinal))
            {
                (manifests, manifestBytes) = (manifests + 1, manifestBytes + blob.Length);
            }
            else
            {
                (records, recordBytes) = (records + 1, recordBytes + blob.Length);
            }
        }

        var stateContainer = host.Services.GetRequiredKeyedService<BlobContainer>(BlobContainer.StateKey);
        await foreach (var blob in stateContainer.ListAsync(null, cancellationToken))
        {
            (state, stateBytes) = (state + 1, stateBytes + blob.Length);
        }

        return new ContainerCensus(data, dataBytes, manifests, manifestBytes, records, recordBytes, state, stateBytes);
    }

    /// <summary>The census as a printed phrase.</summary>
    public string Describe() =>
        FormattableString.Invariant($"{DataBlobs} data blobs, {DataBytes / 1e6:F1} MB; manifests {ManifestBlobs} blobs, {ManifestBytes / 1e6:F2} MB; ") +
        FormattableString.Invariant($"other $acc-backup/ records {RecordBlobs} blobs, {RecordBytes / 1e6:F2} MB; state container {StateBlobs} blobs, {StateBytes / 1e6:F2} MB");
}
