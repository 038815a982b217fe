using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Backup.Naming;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs.State;
using AccBackup.Storage;

namespace AccBackup.Runs.Activities;

/// <summary>The copy activity: copies one inventory chunk's files at once and writes their manifest entries.</summary>
/// <remarks>Idempotent: when the chunk's results exist and describe its inventory, a repeated call returns them without copying again.</remarks>
public sealed class CopyChunkActivity(NdjsonBlobs blobs, BlobCopier copier, BlobContainer container)
    : IRunActivity<CopyChunkInput, CopyChunkResult>
{
    /// <inheritdoc />
    Task<CopyChunkResult> IRunActivity<CopyChunkInput, CopyChunkResult>.RunAsync(CopyChunkInput input, CancellationToken cancellationToken) =>
        CopyAsync(input, cancellationToken);

    /// <summary>Copies the chunk; per-file failures are results, not exceptions.</summary>
    /// <param name="onFile">Told of each copied file's entry as it ends, for live progress (the result counts them all again).</param>
    public async Task<CopyChunkResult> CopyAsync(CopyChunkInput input, CancellationToken cancellationToken, IProgress<ManifestEntry>? onFile = null)
    {
        var resultsBlob = RunLayout.Results(input.InventoryChunk);
        var done = await blobs.ReadAsync(resultsBlob, RunJsonContext.Default.ManifestEntry, cancellationToken).ConfigureAwait(false);
        var records = await blobs.ReadAsync(input.InventoryChunk, RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"The inventory chunk {input.InventoryChunk} is missing.");
        if (done is not null && Describe(done, records))
        {
            return Count(resultsBlob, done);
        }

        var projectNames = records.GroupBy(r => r.ProjectId, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First().ProjectName, StringComparer.Ordinal);
        var earlier = records.Where(r => r.EarlierVersion).Select(r => r.BlobName).ToHashSet(StringComparer.Ordinal);
        ManifestEntry EntryOf(FileCopyResult result) =>
            result.ToEntry(projectNames[result.Request.ProjectId]) with { EarlierVersion = earlier.Contains(result.Request.BlobName) };

        var entries = new ManifestEntry[records.Count];
        var toCopy = new List<(int Index, FileCopyRequest Request)>();
        for (var i = 0; i < records.Count; i++)
        {
            if (records[i].ToCopyRequest() is { } request)
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
                entries[index] = StoredVersion.Matches(stored, request) is { } unchanged
                    ? EntryOf(unchanged) with { Place = records[index].Place }
                    : records[index].Planned();
            }
        }
        else
        {
            var progress = onFile is null ? null : new EntryProgress(onFile, EntryOf);
            var results = await copier.CopyAllAsync([.. toCopy.Select(c => c.Request)], cancellationToken, progress, input.NewToBackup).ConfigureAwait(false);
            for (var i = 0; i < toCopy.Count; i++)
            {
                entries[toCopy[i].Index] = EntryOf(results[i]) with { Place = records[toCopy[i].Index].Place };
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

    private static CopyChunkResult Count(string resultsBlob, IReadOnlyCollection<ManifestEntry> entries)
    {
        var counts = StatusCounts.Of(entries);
        return new(resultsBlob, entries.Count, (int)counts.Copied, (int)counts.Unchanged, (int)counts.NoContent, (int)counts.Planned, (int)counts.Failed,
            counts.CopiedBytes, (int)counts.SizeMismatches);
    }

    /// <summary>Reports each file's result as the manifest entry it becomes.</summary>
    private sealed class EntryProgress(IProgress<ManifestEntry> sink, Func<FileCopyResult, ManifestEntry> toEntry) : IProgress<FileCopyResult>
    {
        public void Report(FileCopyResult value) => sink.Report(toEntry(value));
    }
}
