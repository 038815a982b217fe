using System.Collections.Concurrent;
using AccBackup.Manifest;
using AccBackup.Storage;

namespace AccBackup.Restore;

/// <summary>Writes a run's stored files into a folder in the ACC layout (the blob names), each proven by its SHA-256 before it appears.</summary>
/// <remarks>
/// Nothing is created outside the folder (names and symbolic links are checked before any folder is made), and a
/// different local file already at a target path is left as it is unless the request says to overwrite (see <see cref="FileRestorer"/>).
/// </remarks>
public sealed class RunRestorer(BlobContainer container, ManifestReader reader)
{
    /// <summary>Files downloaded at once.</summary>
    public const int DefaultParallelism = 4;

    /// <summary>Restores what <paramref name="request"/> selects; failures and skipped files are reported per file, never thrown.</summary>
    public async Task<RestoreReport> RestoreAsync(
        RestoreRequest request, IProgress<RestoreProgress>? progress, CancellationToken cancellationToken, int parallelism = DefaultParallelism)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(parallelism);
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(request.Destination));
        var manifest = await reader.ReadAsync(request.RunId, cancellationToken).ConfigureAwait(false);
        var selected = manifest.Files.Where(e => e.IsStored && request.Selects(e)).ToList();
        Directory.CreateDirectory(root);

        var files = new FileRestorer(container, root, request.Overwrite);
        var failures = new ConcurrentBag<RestoreFailure>();
        var skipped = new ConcurrentBag<RestoreFailure>();
        int done = 0, restored = 0, overwritten = 0, present = 0;
        long bytes = 0;
        await Parallel.ForEachAsync(
            selected,
            new ParallelOptions { MaxDegreeOfParallelism = parallelism, CancellationToken = cancellationToken },
            async (entry, ct) =>
            {
                var outcome = await files.RestoreAsync(entry, ct).ConfigureAwait(false);
                switch (outcome.Result)
                {
                    case FileRestoreResult.Written or FileRestoreResult.Overwritten:
                        Interlocked.Increment(ref restored);
                        Interlocked.Add(ref bytes, entry.StoredSize ?? 0);
                        if (outcome.Result == FileRestoreResult.Overwritten)
                        {
                            Interlocked.Increment(ref overwritten);
                        }

                        break;
                    case FileRestoreResult.AlreadyPresent:
                        Interlocked.Increment(ref present);
                        break;
                    case FileRestoreResult.Skipped:
                        skipped.Add(outcome.Problem!);
                        break;
                    default:
                        failures.Add(outcome.Problem!);
                        break;
                }

                progress?.Report(new RestoreProgress(Interlocked.Increment(ref done), selected.Count, Interlocked.Read(ref bytes)));
            }).ConfigureAwait(false);

        return new RestoreReport(manifest.Summary.RunId, root, selected.Count, restored, bytes, ByPath(failures))
        {
            Overwritten = overwritten,
            AlreadyPresent = present,
            Skipped = ByPath(skipped),
        };
    }

    private static List<RestoreFailure> ByPath(IEnumerable<RestoreFailure> problems) => [.. problems.OrderBy(f => f.Path, StringComparer.Ordinal)];
}
