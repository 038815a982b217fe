using System.Collections.Concurrent;
using AccBackup.Manifest;
using AccBackup.Storage;
using AccBackup.Verification;

namespace AccBackup.Restore;

/// <summary>Writes a run's stored files into a folder in the ACC layout (the blob names), each proven by its SHA-256 before it appears.</summary>
/// <remarks>
/// Each file streams into a temporary file beside its target while hashed; only when length and SHA-256 equal the manifest's is it
/// moved into place (replacing an older copy), so a target path never holds partial or unverified bytes.
/// </remarks>
public sealed class RunRestorer(BlobContainer container, ManifestReader reader)
{
    /// <summary>Files downloaded at once.</summary>
    public const int DefaultParallelism = 4;

    private const string TempSuffix = ".partial";

    /// <summary>Restores what <paramref name="request"/> selects; failures are reported per file, never thrown.</summary>
    public async Task<RestoreReport> RestoreAsync(
        RestoreRequest request, IProgress<RestoreProgress>? progress, CancellationToken cancellationToken, int parallelism = DefaultParallelism)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(parallelism);
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(request.Destination));
        var manifest = await reader.ReadAsync(request.RunId, cancellationToken).ConfigureAwait(false);
        var selected = manifest.Files.Where(e => RunVerifier.IsStored(e) && request.Selects(e)).ToList();
        Directory.CreateDirectory(root);

        var failures = new ConcurrentBag<RestoreFailure>();
        int done = 0, restored = 0;
        long bytes = 0;
        await Parallel.ForEachAsync(
            selected,
            new ParallelOptions { MaxDegreeOfParallelism = parallelism, CancellationToken = cancellationToken },
            async (entry, ct) =>
            {
                var failure = await RestoreFileAsync(root, entry, ct).ConfigureAwait(false);
                if (failure is null)
                {
                    Interlocked.Increment(ref restored);
                    Interlocked.Add(ref bytes, entry.StoredSize ?? 0);
                }
                else
                {
                    failures.Add(failure);
                }

                progress?.Report(new RestoreProgress(Interlocked.Increment(ref done), selected.Count, Interlocked.Read(ref bytes)));
            }).ConfigureAwait(false);

        var ordered = failures.OrderBy(f => f.Path, StringComparer.Ordinal).ToList();
        return new RestoreReport(manifest.Summary.RunId, root, selected.Count, restored, bytes, ordered);
    }

    private async Task<RestoreFailure?> RestoreFileAsync(string root, ManifestEntry entry, CancellationToken cancellationToken)
    {
        if (entry.BlobName is not { Length: > 0 } blobName || entry.StoredSize is null || string.IsNullOrEmpty(entry.Sha256))
        {
            return new RestoreFailure(entry.Path, entry.BlobName, "the manifest entry lacks its blob name, stored size or sha256");
        }

        // Checked before any request: a hostile name must not even be read.
        if (RestoreTarget.Resolve(root, blobName, out var refusal) is not { } target)
        {
            return new RestoreFailure(entry.Path, blobName, refusal!);
        }

        var temp = Path.Combine(Path.GetDirectoryName(target)!, $".acc-backup-{Guid.NewGuid():N}{TempSuffix}");
        try
        {
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            RestoreTarget.EnsureNoLinks(root, Path.GetDirectoryName(target)!);
            var content = await DownloadAsync(blobName, temp, cancellationToken).ConfigureAwait(false);
            if (!content.Matches(entry.StoredSize, entry.Sha256))
            {
                File.Delete(temp);
                return new RestoreFailure(entry.Path, blobName,
                    $"stored bytes differ from the manifest: expected {entry.StoredSize} bytes sha256 {entry.Sha256}, read {content.Length} bytes sha256 {content.Sha256}");
            }

            File.Move(temp, target, overwrite: true);
            return null;
        }
        catch (Exception e) when (e is BlobStorageException or IOException or UnauthorizedAccessException or HttpRequestException)
        {
            TryDelete(temp);
            return new RestoreFailure(entry.Path, blobName, e.Message);
        }
        catch
        {
            TryDelete(temp);
            throw;
        }
    }

    private async Task<StoredContent> DownloadAsync(string blobName, string temp, CancellationToken cancellationToken)
    {
        // CreateNew: the temporary name is fresh, so an existing file or link there is never written through.
        var file = new FileStream(temp, new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.Write, Options = FileOptions.Asynchronous });
        await using (file.ConfigureAwait(false))
        {
            var blob = await container.OpenReadAsync(blobName, null, null, cancellationToken).ConfigureAwait(false);
            await using (blob.ConfigureAwait(false))
            {
                return await ContentHasher.HashAsync(blob, file, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    private static void TryDelete(string path)
    {
        try
        {
            File.Delete(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Best effort: the temporary name is unique and marked .partial; it never masquerades as a restored file.
        }
    }
}
