using System.Runtime.CompilerServices;
using AccBackup.Manifest;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;

namespace AccBackup.Runs;

/// <summary>The fan-in activity: gathers every chunk's results, and what vanished since the previous run, into the manifest.</summary>
/// <remarks>A chunk whose copy never reported back is listed file by file as failed: nothing is dropped silently.</remarks>
/// <remarks>It also writes the run-summary log line the alerts read, once per run: no driver logs it.</remarks>
public sealed partial class ManifestAssembler(
    BlobContainer container, NdjsonBlobs blobs, ManifestWriter writer, PreviousRunStateStore previousRuns, TimeProvider time, ILogger<ManifestAssembler> logger)
{
    /// <summary>Reason recorded for files of a chunk whose copy activity never completed.</summary>
    public const string NotCopiedReason = "the copy of this file's batch did not complete (see the run's logs)";

    /// <summary>Writes the manifest of <paramref name="input"/>'s run and, unless it is a dry run, moves the latest pointer to it.</summary>
    public async Task<LatestRun> WriteAsync(ManifestAssemblyInput input, CancellationToken cancellationToken)
    {
        var chunks = new List<string>();
        await foreach (var blob in container.ListAsync(RunLayout.InventoryPrefix(input.RunId), cancellationToken).ConfigureAwait(false))
        {
            chunks.Add(blob.Name);
        }

        chunks.Sort(StringComparer.Ordinal);
        var builder = new ManifestSummaryBuilder(input.RunId, input.StartedAt) { Projects = input.Projects, Folders = input.FoldersListed };
        foreach (var failure in input.FailedProjects)
        {
            builder.AddFailedProject(failure);
        }

        var current = new Dictionary<string, ManifestEntry>(StringComparer.Ordinal);
        await foreach (var entry in ChunkEntriesAsync(chunks, cancellationToken).ConfigureAwait(false))
        {
            builder.Add(entry);
            current[entry.ItemId] = entry;
        }

        var history = await HistoryAsync(input, current, cancellationToken).ConfigureAwait(false);
        foreach (var entry in history)
        {
            builder.Add(entry);
        }

        var summary = builder.Build(time.GetUtcNow()) with
        {
            ListingMode = input.ListingMode,
            PreviousRunId = input.PreviousRunId,
            LastFullListingAt = input.LastFullListingAt,
        };
        var written = await writer.WriteAsync(summary, () => AllEntriesAsync(chunks, history, cancellationToken), cancellationToken, updateLatest: !input.DryRun).ConfigureAwait(false);
        LogFinished(written.Summary);
        return written;
    }

    /// <summary>The run-summary trace's message template: a contract with the alerts and the workbook.</summary>
    internal const string RunFinishedTemplate =
        "Backup run {RunId} finished: {Status} in {DurationSeconds} s; {Files} files, {Bytes} bytes, {Projects} projects; {Copied} copied, {Unchanged} unchanged, {NoContent} without content, {Planned} planned, {Failed} failed; {FailedProjects} projects not listed; {SizeMismatches} size mismatches";

    // The log contract the alerts and the workbook read (infra/bicep/README.md, "Log contract").
    private void LogFinished(ManifestSummary s)
    {
        var complete = s.Failed == 0 && s.FailedProjects.Count == 0;
        var level = complete && s.SizeMismatchCount == 0 ? LogLevel.Information : LogLevel.Warning;
        Log.RunFinished(logger, level, s.RunId, complete ? "Succeeded" : "CompletedWithErrors", s.DurationSeconds, s.Files, s.Bytes, s.Projects,
            s.Copied, s.Unchanged, s.NoContent, s.Planned, s.Failed, s.FailedProjects.Count, s.SizeMismatchCount);
    }

    /// <summary>Files the previous run had that are gone (deleted) or stored under another name now (moved), and older history.</summary>
    private async Task<List<ManifestEntry>> HistoryAsync(ManifestAssemblyInput input, Dictionary<string, ManifestEntry> current, CancellationToken cancellationToken)
    {
        var history = new List<ManifestEntry>();
        if (input.PreviousRunId is null || input.DryRun)
        {
            return history;
        }

        var previous = await previousRuns.LoadAsync(input.PreviousRunId, cancellationToken).ConfigureAwait(false);
        var covered = input.ProjectIds.ToHashSet(StringComparer.Ordinal);
        var failed = input.FailedProjects.Select(f => f.ProjectId).ToHashSet(StringComparer.Ordinal);
        foreach (var old in previous.Manifest.Files)
        {
            // Only projects this run saw whole can tell what vanished.
            if (!covered.Contains(old.ProjectId) || failed.Contains(old.ProjectId))
            {
                continue;
            }

            current.TryGetValue(old.ItemId, out var now);
            var entry = old.Status switch
            {
                ManifestStatus.Deleted => now is null ? old : null,
                ManifestStatus.Moved => now?.BlobName == old.BlobName ? null : old,
                ManifestStatus.Copied or ManifestStatus.Unchanged when now is null =>
                    old with { Status = ManifestStatus.Deleted, SinceRun = input.RunId, Error = "no longer in ACC; the stored copy is kept" },
                ManifestStatus.Copied or ManifestStatus.Unchanged when now.BlobName != old.BlobName =>
                    old with { Status = ManifestStatus.Moved, SinceRun = input.RunId, Error = $"renamed or moved to '{now.Path}'; the copy under the old name is kept" },
                _ => null,
            };
            if (entry is not null)
            {
                history.Add(entry);
            }
        }

        return history;
    }

    private async IAsyncEnumerable<ManifestEntry> AllEntriesAsync(IReadOnlyList<string> chunks, IReadOnlyList<ManifestEntry> history, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var entry in ChunkEntriesAsync(chunks, cancellationToken).ConfigureAwait(false))
        {
            yield return entry;
        }

        foreach (var entry in history)
        {
            yield return entry;
        }
    }

    private async IAsyncEnumerable<ManifestEntry> ChunkEntriesAsync(IReadOnlyList<string> chunks, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        foreach (var chunk in chunks)
        {
            var results = await blobs.ReadAsync(RunLayout.Results(chunk), RunJsonContext.Default.ManifestEntry, cancellationToken).ConfigureAwait(false);
            if (results is not null)
            {
                foreach (var entry in results)
                {
                    yield return entry;
                }

                continue;
            }

            var records = await blobs.ReadAsync(chunk, RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false) ?? [];
            foreach (var record in records)
            {
                yield return record.ToCopyRequest(force: false) is null ? record.WithoutContent() : record.NotCopied(NotCopiedReason);
            }
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 4002, Message = RunFinishedTemplate)]
        public static partial void RunFinished(
            ILogger logger, LogLevel level, string runId, string status, double durationSeconds, long files, long bytes, int projects,
            long copied, long unchanged, long noContent, long planned, long failed, int failedProjects, long sizeMismatches);
    }
}

/// <summary>Input of the fan-in: the run and what only the driver knows.</summary>
public sealed record ManifestAssemblyInput(
    string RunId,
    DateTimeOffset StartedAt,
    int Projects,
    long FoldersListed,
    IReadOnlyList<ProjectFailure> FailedProjects,
    IReadOnlyList<string> ProjectIds,
    string ListingMode,
    string? PreviousRunId,
    DateTimeOffset? LastFullListingAt,
    bool DryRun);
