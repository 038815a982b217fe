using System.Collections.Concurrent;
using AccBackup.Manifest;

namespace AccBackup.Restore;

/// <summary>Counts the outcomes of one restore's files, from any number of workers at once, and makes its report.</summary>
internal sealed class RestoreTally
{
    private readonly ConcurrentBag<RestoreFailure> failures = [];
    private readonly ConcurrentBag<RestoreFailure> skipped = [];
    private int restored;
    private int overwritten;
    private int present;

    /// <summary>Counts how <paramref name="entry"/> ended; returns the bytes it wrote (0 unless written).</summary>
    public long Add(FileRestoreOutcome outcome, ManifestEntry entry)
    {
        switch (outcome.Result)
        {
            case FileRestoreResult.Written or FileRestoreResult.Overwritten:
                Interlocked.Increment(ref restored);
                if (outcome.Result == FileRestoreResult.Overwritten)
                {
                    Interlocked.Increment(ref overwritten);
                }

                return entry.StoredSize ?? 0;
            case FileRestoreResult.AlreadyPresent:
                Interlocked.Increment(ref present);
                return 0;
            case FileRestoreResult.Skipped:
                skipped.Add(outcome.Problem!);
                return 0;
            default:
                failures.Add(outcome.Problem!);
                return 0;
        }
    }

    /// <summary>Counts a selected file that could not even be tried (e.g. its blob is unknown), with why.</summary>
    public void Fail(RestoreFailure failure) => failures.Add(failure);

    /// <summary>The report of a restore of <paramref name="selected"/> files of <paramref name="runId"/> into <paramref name="root"/>.</summary>
    public RestoreReport Report(string runId, string root, int selected, long bytes) =>
        new(runId, root, selected, restored, bytes, ByPath(failures))
        {
            Overwritten = overwritten,
            AlreadyPresent = present,
            Skipped = ByPath(skipped),
        };

    private static List<RestoreFailure> ByPath(IEnumerable<RestoreFailure> problems) => [.. problems.OrderBy(f => f.Path, StringComparer.Ordinal)];
}
