using System.Runtime.CompilerServices;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs.State;
using AccBackup.Storage;
using Azure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace AccBackup.Runs.Activities;

/// <summary>The fan-in activity: gathers every chunk's results, and what vanished since the previous run, into the manifest.</summary>
/// <remarks>A chunk whose copy never reported back is listed file by file as failed: nothing is dropped silently.</remarks>
/// <remarks>It also writes the run-summary trace the alerts read (<see cref="RunSummaryLog"/>), once per finished run.</remarks>
public sealed partial class AssembleManifestActivity(
    [FromKeyedServices(BlobContainer.StateKey)] BlobContainer container, NdjsonBlobs blobs, ManifestWriter writer, PreviousRunStateStore previousRuns, Backup.Copying.TransferSlots transfers, TimeProvider time,
    ILogger<AssembleManifestActivity> logger, ILoggerFactory loggers)
    : IRunActivity<AssembleManifestInput, BackupRunOutcome>
{
    private readonly ILogger summaryLog = loggers.CreateLogger(RunSummaryLog.Category);

    /// <inheritdoc />
    async Task<BackupRunOutcome> IRunActivity<AssembleManifestInput, BackupRunOutcome>.RunAsync(AssembleManifestInput input, CancellationToken cancellationToken) =>
        BackupRunOutcome.From(await WriteAsync(input, cancellationToken).ConfigureAwait(false));

    /// <summary>Reason recorded for files of a chunk whose copy activity never completed.</summary>
    public const string NotCopiedReason = "the copy of this file's batch did not complete (see the run's logs)";

    /// <summary>Writes the manifest of <paramref name="input"/>'s run and, unless it is a dry run, moves the latest pointer to it.</summary>
    /// <remarks>
    /// Every file the latest finished run knew stays known: a file whose project could not be listed whole tonight is
    /// carried as <see cref="ManifestStatus.NotListed"/>, a file whose newer version failed to copy keeps its stored
    /// version as <see cref="ManifestStatus.Carried"/>; only a project listed whole can tell a file was deleted.
    /// </remarks>
    public async Task<LatestRun> WriteAsync(AssembleManifestInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await writer.FindWrittenAsync(input.RunId, cancellationToken).ConfigureAwait(false) is { } earlier)
        {
            // An earlier attempt of this fan-in wrote the manifest (written once) and stopped before it finished.
            if (!input.DryRun)
            {
                await writer.PointLatestAsync(earlier, cancellationToken).ConfigureAwait(false);
            }

            RunSummaryLog.Finished(summaryLog, earlier.Summary);
            return earlier;
        }

        // The copies are over: the download buffers they kept are the GC's again while the manifest is written.
        var released = transfers.ReleaseIdleBuffers();
        var baseRun = await LoadBaseRunAsync(input, cancellationToken).ConfigureAwait(false);
        if (released > 0 || input.PreviousRunId is not null)
        {
            // One full collection at this phase boundary: the slabs and the previous run's folder tree and inventory
            // (hundreds of MiB on a large account) were just let go, and left to the GC's own pace they would stay
            // until after the manifest is written, adding to its memory.
            GC.Collect(GC.MaxGeneration, GCCollectionMode.Forced, blocking: true, compacting: false);
        }

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

        // One pass: each entry is counted and written as it is read; the summary heads the manifest once the last is in.
        var written = await writer.WriteAsync(
            input.RunId,
            EntriesAsync(input, chunks, baseRun, builder, cancellationToken),
            () => builder.Build(time.GetUtcNow()) with
            {
                ListingMode = input.ListingMode,
                PreviousRunId = input.PreviousRunId,
                LastFullListingAt = input.LastFullListingAt,
                Issues = input.Issues,
                Modules = input.Modules,
                Proof = input.Proof is { } proof ? proof with { Findings = [.. proof.Findings.Take(ProofSummary.MaxFindingsListed)] } : null,
            },
            cancellationToken,
            updateLatest: false).ConfigureAwait(false);
        if (!input.DryRun)
        {
            await PointLatestAsync(written, baseRun, cancellationToken).ConfigureAwait(false);
        }

        RunSummaryLog.Finished(summaryLog, written.Summary);
        return written;
    }

    /// <summary>Moves the latest pointer to <paramref name="run"/>, unless it holds no file while the latest run held some:
    /// a run that saw nothing of an account with files (projects gone from view, all excluded) is no backup to restore or
    /// verify from, and the next run still compares with the latest one that saw the files.</summary>
    private async Task PointLatestAsync(LatestRun run, PreviousRunState? baseRun, CancellationToken cancellationToken)
    {
        if (run.Summary.Files == 0 && baseRun?.Manifest.Files.Count(f => f.IsStored && !f.EarlierVersion) is > 0 and var stored)
        {
            Log.EmptyRunNotLatest(logger, run.RunId, baseRun.RunId, stored);
            return;
        }

        await writer.PointLatestAsync(run, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The latest finished run's manifest, which this manifest must not forget; none for a dry run or a first run.</summary>
    /// <remarks>Only its manifest is needed here, not its folder tree and inventory (which only an incremental listing uses).</remarks>
    private async Task<PreviousRunState?> LoadBaseRunAsync(AssembleManifestInput input, CancellationToken cancellationToken)
    {
        if (input.DryRun || (input.LatestRunId ?? input.PreviousRunId) is not { } baseRunId)
        {
            return null;
        }

        try
        {
            return new PreviousRunState(await previousRuns.LoadManifestForFanInAsync(baseRunId, cancellationToken).ConfigureAwait(false), [], []);
        }
        catch (Exception e) when (e is InvalidDataException or System.Text.Json.JsonException or RequestFailedException or InvalidOperationException)
        {
            Log.BaseRunUnreadable(logger, input.RunId, baseRunId, e.Message);
            return null;
        }
    }

    /// <summary>Every entry of the manifest, each results (or inventory) chunk read once, the next few while one is written: this run's files, then what the base run had that this run did not list.</summary>
    private async IAsyncEnumerable<ManifestEntry> EntriesAsync(
        AssembleManifestInput input, IReadOnlyList<string> chunks, PreviousRunState? baseRun, ManifestSummaryBuilder builder, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // Only where this run listed the files the base run knew is kept: no more than the base run's manifest, already in memory.
        var known = baseRun?.Manifest.Files.Select(f => f.ItemId).ToHashSet(StringComparer.Ordinal) ?? [];
        // A damaged blob the proof stored again under a new name: every entry naming it names the new blob.
        var moved = (input.Proof?.Findings ?? []).Where(f => f.MovesEntries).ToDictionary(f => f.BlobName, StringComparer.Ordinal);
        ManifestEntry Repointed(ManifestEntry entry) => entry.BlobName is { } blob && moved.TryGetValue(blob, out var restored) ? restored.Repoint(entry) : entry;
        var listed = new Dictionary<string, ListedAs>(StringComparer.Ordinal);
        await foreach (var chunkEntries in ReadAhead.InOrderAsync(chunks, ChunkEntriesAsync, ReadAhead.DefaultWindow, cancellationToken).ConfigureAwait(false))
        {
            foreach (var entry in chunkEntries)
            {
                var kept = Repointed(KeepStoredVersion(entry, baseRun));
                if (known.Contains(kept.ItemId) && !kept.EarlierVersion)
                {
                    listed[kept.ItemId] = new ListedAs(kept.BlobName, kept.Path);
                }

                builder.Add(kept, baseRun?.EntryFor(kept.ItemId));
                yield return kept;
            }
        }

        foreach (var entry in baseRun is null ? [] : History(input, baseRun, listed).Select(Repointed))
        {
            builder.Add(entry, baseRun!.EntryFor(entry.ItemId));
            yield return entry;
        }
    }

    /// <summary>A chunk's copy results; for a chunk whose copy never reported back, its inventory, each file failed (or without content).</summary>
    private async Task<IEnumerable<ManifestEntry>> ChunkEntriesAsync(string chunk, CancellationToken cancellationToken)
    {
        var results = await blobs.ReadAsync(RunLayout.Results(chunk), RunJsonContext.Default.ManifestEntry, cancellationToken).ConfigureAwait(false);
        if (results is not null)
        {
            return results;
        }

        var records = await blobs.ReadAsync(chunk, RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false) ?? [];
        return records.Select(r => r.ToCopyRequest() is null ? r.WithoutContent() : r.NotCopied(NotCopiedReason));
    }

    /// <summary>What the base run had that this run did not list: deleted, moved, or carried when this run could not tell.</summary>
    private static IEnumerable<ManifestEntry> History(AssembleManifestInput input, PreviousRunState baseRun, Dictionary<string, ListedAs> listed)
    {
        var covered = input.ProjectIds.ToHashSet(StringComparer.Ordinal);
        var incomplete = input.FailedProjects.Select(f => f.ProjectId).ToHashSet(StringComparer.Ordinal);
        foreach (var old in baseRun.Manifest.Files)
        {
            // A project this run did not select is left out, as chosen (Backup:IncludeProjects / ExcludeProjects); an earlier
            // version is the history of the run that stored it, not a file of the account: later manifests leave it out.
            if (!covered.Contains(old.ProjectId) || old.EarlierVersion)
            {
                continue;
            }

            var now = listed.TryGetValue(old.ItemId, out var found) ? found : (ListedAs?)null;
            var listedWhole = !incomplete.Contains(old.ProjectId);
            var entry = old.Status switch
            {
                ManifestStatus.Deleted => now is null ? old : null,
                ManifestStatus.Moved => now?.Path == old.Path ? null : old,
                _ when now is { } moved => old.IsStored && moved.Path != old.Path
                    ? old with { Status = ManifestStatus.Moved, SinceRun = input.RunId, Error = $"renamed or moved to '{moved.Path}'; its blob is kept, and earlier runs restore it under this path" }
                    : null,
                _ when !listedWhole => old.IsStored
                    ? old with { Status = ManifestStatus.NotListed, Error = $"not listed by this run (project incomplete); the copy stored by an earlier run is kept (verified then: {old.Sha256?[..Math.Min(12, old.Sha256.Length)]})" }
                    : old,
                _ when old.IsStored => old with { Status = ManifestStatus.Deleted, SinceRun = input.RunId, Error = "no longer in ACC; the stored copy is kept" },
                _ => null,
            };
            if (entry is not null)
            {
                yield return entry;
            }
        }
    }

    /// <summary>A file that failed tonight but whose earlier version is stored: that version is what the backup holds for it.</summary>
    private static ManifestEntry KeepStoredVersion(ManifestEntry entry, PreviousRunState? baseRun) =>
        entry.Status == ManifestStatus.Failed && !entry.EarlierVersion && baseRun?.EntryFor(entry.ItemId) is { IsStored: true } old
            ? old with
            {
                ProjectName = entry.ProjectName,
                Path = entry.Path,
                FolderId = entry.FolderId,
                Status = ManifestStatus.Carried,
                SinceRun = null,
                Error = $"version {entry.VersionNumber} could not be copied by this run ({entry.Error}); the stored copy of version {old.VersionNumber} is kept",
            }
            : entry;

    /// <summary>The run-summary trace's message template: a contract with the alerts and the workbook.</summary>
    private static partial class Log
    {
        [LoggerMessage(EventId = 4005, Level = LogLevel.Warning, Message = "Backup run {RunId}: the latest run {BaseRunId} is unreadable ({Reason}); its files are not carried into this manifest")]
        public static partial void BaseRunUnreadable(ILogger logger, string runId, string baseRunId, string reason);

        [LoggerMessage(EventId = 4011, Level = LogLevel.Warning, Message = "Backup run {RunId} holds no file while the latest run {LatestRunId} holds {StoredFiles}: it does not become the latest run")]
        public static partial void EmptyRunNotLatest(ILogger logger, string runId, string latestRunId, int storedFiles);
    }
}

/// <summary>Where this run listed a file the base run knew: all the history of the base run needs of this run's entry.</summary>
internal readonly record struct ListedAs(string? BlobName, string Path);
