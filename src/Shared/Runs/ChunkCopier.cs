using AccBackup.Backup;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Runs;

/// <summary>The copy activity: copies one inventory chunk's files at once and writes their manifest entries.</summary>
/// <remarks>Idempotent: when the chunk's results exist and describe its inventory, a repeated call returns them without copying again.</remarks>
public sealed class ChunkCopier(NdjsonBlobs blobs, FileBatchCopier batch, BlobContainer container)
{
    /// <summary>Copies the chunk; per-file failures are results, not exceptions.</summary>
    /// <param name="onFile">Told of each copied file as it ends, for live progress (the result counts them all again).</param>
    public async Task<ChunkCopyResult> CopyAsync(ChunkCopyInput input, CancellationToken cancellationToken, IProgress<FileCopyOutcome>? onFile = null)
    {
        var resultsBlob = RunLayout.Results(input.InventoryChunk);
        var done = await blobs.ReadAsync(resultsBlob, RunJsonContext.Default.ManifestEntry, cancellationToken).ConfigureAwait(false);
        var records = await blobs.ReadAsync(input.InventoryChunk, RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"The inventory chunk {input.InventoryChunk} is missing.");
        if (done is not null && Describe(done, records))
        {
            return Count(resultsBlob, done);
        }

        var entries = new ManifestEntry[records.Count];
        var toCopy = new List<(int Index, FileCopyRequest Request)>();
        for (var i = 0; i < records.Count; i++)
        {
            if (records[i].ToCopyRequest(input.ForceCopy) is { } request)
            {
                toCopy.Add((i, request));
            }
            else
            {
                entries[i] = records[i].WithoutContent();
            }
        }

        if (input.DryRun)
        {
            foreach (var (index, request) in toCopy)
            {
                var stored = await container.GetPropertiesAsync(request.BlobName, cancellationToken).ConfigureAwait(false);
                entries[index] = StoredVersion.Matches(stored, request) is { } unchanged && !input.ForceCopy
                    ? ManifestEntry.From(new FileCopyOutcome(request, unchanged, null), records[index].ProjectName)
                    : records[index].Planned();
            }
        }
        else
        {
            var outcomes = await batch.CopyAsync([.. toCopy.Select(c => c.Request)], cancellationToken, onFile).ConfigureAwait(false);
            for (var i = 0; i < toCopy.Count; i++)
            {
                entries[toCopy[i].Index] = ManifestEntry.From(outcomes[i], records[toCopy[i].Index].ProjectName);
            }
        }

        await blobs.WriteAsync(resultsBlob, entries, RunJsonContext.Default.ManifestEntry, cancellationToken).ConfigureAwait(false);
        return Count(resultsBlob, entries);
    }

    // A run resumed after the account changed re-lists into the same chunk names: results of the killed attempt count
    // only if they are about these very files and versions, or files added since would be dropped and versions left stale.
    private static bool Describe(IReadOnlyList<ManifestEntry> results, IReadOnlyList<InventoryRecord> records) =>
        results.Count == records.Count
        && results.Zip(records).All(p => p.First.ItemId == p.Second.ItemId && p.First.VersionId == p.Second.VersionId && p.First.Path == p.Second.SourcePath);

    private static ChunkCopyResult Count(string resultsBlob, IReadOnlyCollection<ManifestEntry> entries) => new(
        resultsBlob,
        entries.Count,
        entries.Count(e => e.Status == ManifestStatus.Copied),
        entries.Count(e => e.Status == ManifestStatus.Unchanged),
        entries.Count(e => e.Status == ManifestStatus.NoContent),
        entries.Count(e => e.Status == ManifestStatus.Planned),
        entries.Count(e => e.Status == ManifestStatus.Failed),
        entries.Where(e => e.Status == ManifestStatus.Copied).Sum(e => e.StoredSize ?? 0),
        entries.Count(e => e.SizeMismatch));
}
