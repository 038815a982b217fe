using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;


namespace AccBackup.Retention;

/// <summary>Runs that never wrote a manifest: killed or crashed and never resumed.</summary>
public sealed partial class RunPruner
{
    /// <summary>How long a run without a manifest must have written nothing before prune takes it for stopped: a day.</summary>
    /// <remarks>A live run writes a record at every listing wave and every chunk of copies; a chunk of large files or APS
    /// throttling keeps it quiet for minutes, an hour at worst, never a day.</remarks>
    public static readonly TimeSpan UnfinishedRunIdle = TimeSpan.FromDays(1);

    /// <summary>What a removed run that never finished is noted with.</summary>
    public const string UnfinishedNote = "never finished (no manifest)";

    /// <summary>The runs with working records but no manifest that are not running, to remove as runs outside the policy are
    /// (newest first; started when their first record was written).</summary>
    /// <remarks>
    /// Such a run's records serve nothing: no manifest reads them, and a run started again with its id clears them first. A
    /// run is taken for stopped only when both hold: it wrote nothing since the newest run with a manifest started (each
    /// driver runs one backup at a time, so a run that started later means this one is over) and nothing for
    /// <see cref="UnfinishedRunIdle"/> (the CLI can run beside the Function App, so a later run alone does not prove the
    /// earlier one stopped). Times are storage's, but for the newest run's start, as the sweep's cutoff is.
    /// </remarks>
    private async Task<List<PrunedRun>> FindUnfinishedAsync(IReadOnlyList<RunListing> listed, CancellationToken cancellationToken)
    {
        var finished = listed.Select(r => r.RunId).ToHashSet(StringComparer.Ordinal);
        var newestStart = listed.Max(r => r.Summary!.StartedAt);
        var written = new Dictionary<string, (DateTimeOffset First, DateTimeOffset Last)>(StringComparer.Ordinal);
        await foreach (var record in state.ListAsync(RunLayout.RunsPrefix, cancellationToken).ConfigureAwait(false))
        {
            var rest = record.Name[RunLayout.RunsPrefix.Length..];
            var slash = rest.IndexOf('/', StringComparison.Ordinal);
            if (slash <= 0 || finished.Contains(rest[..slash]))
            {
                continue;
            }

            var created = record.CreatedOn ?? record.LastModified;
            written[rest[..slash]] = written.TryGetValue(rest[..slash], out var seen)
                ? (created < seen.First ? created : seen.First, record.LastModified > seen.Last ? record.LastModified : seen.Last)
                : (created, record.LastModified);
        }

        var now = time.GetUtcNow();
        return [.. written
            .Where(r => r.Value.Last < newestStart - CreationTimeResolution && now - r.Value.Last >= UnfinishedRunIdle)
            .OrderByDescending(r => r.Value.First)
            .Select(r => new PrunedRun(r.Key, r.Value.First, [], true, UnfinishedNote, 0, 0))];
    }
}
