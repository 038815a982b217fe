using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Backup.Listing;
using AccBackup.Backup.Naming;
using AccBackup.Runs;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;

namespace AccBackup.Bench.Variants;

/// <summary>
/// The seed's rewrite, as a baseline: list every folder first (depth first, one listing at a time), then copy the files
/// N at a time, each one signed URL and one streamed GET written as 4 MiB blocks in order, then committed.
/// </summary>
/// <remarks>
/// It uses the product's APS client (ApsDataClient through FolderListing for blob names, ApsOssClient; with its shared
/// client-side rate limiter and retries) and the product's blob client, so the baseline differs from the engine only
/// in how the work is scheduled: no overlap of listing and copying, one connection per file, no verification, no skip.
/// </remarks>
internal sealed class SeedCopier(ProjectLister projects, FolderListing listing, ApsOssClient oss, BlobContainer container, HttpClient download)
{
    private const int BlockSize = 4 << 20;

    /// <summary>Lists every file of every project, depth first, one folder at a time.</summary>
    public async Task<IReadOnlyList<InventoryRecord>> ListAsync(CancellationToken cancellationToken)
    {
        var files = new List<InventoryRecord>();
        foreach (var project in await projects.ListAsync(null, null, cancellationToken))
        {
            foreach (var top in await listing.TopFoldersAsync(project.Id, cancellationToken))
            {
                await ListFolderAsync(project.ToProject(), project.Segment, top, files, cancellationToken);
            }
        }

        return files;
    }

    /// <summary>Copies the files <paramref name="parallelism"/> at a time; a failed file counts as failed, it is not retried.</summary>
    public async Task<SeedCopyResult> CopyAsync(IReadOnlyList<FileCopyRequest> files, int parallelism, CancellationToken cancellationToken)
    {
        long copied = 0, failed = 0, bytes = 0;
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = parallelism, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(files, parallel, async (file, ct) =>
        {
            try
            {
                Interlocked.Add(ref bytes, await CopyOneAsync(file, ct));
                Interlocked.Increment(ref copied);
            }
            catch (Exception e) when (e is HttpRequestException or IOException or ApsException or RequestFailedException)
            {
                Interlocked.Increment(ref failed);
            }
        });

        return new SeedCopyResult(copied, failed, bytes);
    }

    private async Task ListFolderAsync(AccProject project, string segment, FolderRef folder, List<InventoryRecord> files, CancellationToken cancellationToken)
    {
        var (subFolders, found) = await listing.ListAsync(project, segment, folder, includeHidden: true, cancellationToken);
        files.AddRange(found);
        foreach (var sub in subFolders)
        {
            await ListFolderAsync(project, segment, sub, files, cancellationToken);
        }
    }

    private async Task<long> CopyOneAsync(FileCopyRequest file, CancellationToken cancellationToken)
    {
        var signed = await oss.GetSignedDownloadAsync(file.Storage, cancellationToken);
        using var response = await download.GetAsync(signed.Url, HttpCompletionOption.ResponseHeadersRead, cancellationToken);
        response.EnsureSuccessStatusCode();
        var body = await response.Content.ReadAsStreamAsync(cancellationToken);
        await using (body)
        {
            // One stream, 4 MiB blocks staged one after another while reading, then one commit.
            var counting = new CountingReadStream(body);
            // Create-only: the product's backup-container client refuses any write that could replace a blob (write-once).
            await container.UploadAsync(file.BlobName, counting, new BlobUploadOptions { Metadata = Metadata(file), Conditions = BlobContainer.CreateOnly }, cancellationToken, BlockSize);
            return counting.BytesRead;
        }
    }

    // The item and version ids, so the verifier can find the blob of each file (the seed wrote no metadata).
    private static Dictionary<string, string> Metadata(FileCopyRequest file) => new(StringComparer.OrdinalIgnoreCase)
    {
        [StoredVersion.Keys.ItemId] = BlobMetadata.Encode(file.ItemId),
        [StoredVersion.Keys.VersionId] = BlobMetadata.Encode(file.VersionId),
    };
}

/// <summary>What the seed copier did.</summary>
internal sealed record SeedCopyResult(long Copied, long Failed, long Bytes);
