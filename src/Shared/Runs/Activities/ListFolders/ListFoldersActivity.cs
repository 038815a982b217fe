using System.Collections.Concurrent;
using AccBackup.Acc;
using AccBackup.Backup.Listing;
using AccBackup.Backup.Naming;
using AccBackup.Backup.Settings;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs.State;
using Azure;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs.Activities;

/// <summary>The listing activity: lists a slice of a project's folders at once and writes what it finds to blobs.</summary>
/// <remarks>
/// With a previous run's state, a folder whose rollup time is the one recorded is not listed: its whole subtree is
/// carried over from that run (files as unchanged, no APS call), re-homed if an ancestor was renamed. A listed file
/// whose bytes the latest run already stored (the same version, or a rename over the same storage object) is reused
/// too, pointing at that blob: blobs are written once, so no version's bytes are stored twice.
/// With <see cref="BackupVersions.All"/>, a listed file whose tip is newer than the version the latest run stored also
/// brings the versions in between (one version-list call), each copied or reused like a tip.
/// Idempotent: the same input writes the same blobs (records sorted, names from <see cref="ListFoldersInput.OutputKey"/>).
/// </remarks>
public sealed partial class ListFoldersActivity(
    FolderListing listing, NdjsonBlobs blobs, PreviousRunStateStore previousRuns, IOptions<BackupOptions> options, ILogger<ListFoldersActivity> logger)
    : IRunActivity<ListFoldersInput, ListFoldersResult>
{
    /// <inheritdoc />
    Task<ListFoldersResult> IRunActivity<ListFoldersInput, ListFoldersResult>.RunAsync(ListFoldersInput input, CancellationToken cancellationToken) =>
        ListAsync(input, cancellationToken);

    private const int MaxErrorsReported = 20;

    /// <summary>Reused files per chunk, in copy chunks (<see cref="BackupOptions.FilesPerChunk"/>): 2,500 by default, a few MiB.</summary>
    private const int ReusedChunkFactor = 10;

    /// <summary>Lists (or carries over) the input's folders; a folder that cannot be listed is reported in <see cref="ListFoldersResult.Errors"/>.</summary>
    public async Task<ListFoldersResult> ListAsync(ListFoldersInput input, CancellationToken cancellationToken)
    {
        var settings = options.Value;
        var project = input.Project.ToProject();
        var previous = input.PreviousRunId is null ? null : await previousRuns.LoadAsync(input.PreviousRunId, cancellationToken).ConfigureAwait(false);
        var stored = previous ?? (input.StoredRunId is null ? null : await LoadStoredAsync(input, cancellationToken).ConfigureAwait(false));
        if (previous?.IsIncomplete(input.Project.Id) == true)
        {
            previous = null; // that run's tree of this project has holes: list every folder of it again
        }

        var folders = input.FoldersBlob is null
            ? await listing.TopFoldersAsync(project.Id, cancellationToken).ConfigureAwait(false)
            : (await blobs.ReadAsync(input.FoldersBlob, RunJsonContext.Default.FolderRef, cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"The folder list {input.FoldersBlob} is missing.")).Skip(input.Skip).Take(input.Take).ToList();

        var found = new Findings();
        var toList = new List<FolderRef>();
        foreach (var folder in folders)
        {
            if (previous?.IsUnchanged(folder) == true)
            {
                Carry(previous, input.Project, folder, found);
            }
            else
            {
                toList.Add(folder);
            }
        }

        // Versions made since the latest run: only that run's record tells where they start (a first run stores tips only).
        Func<AccFile, int?>? storedVersionOf = input.Versions == BackupVersions.All && stored is not null ? file => stored.StoredVersionOf(file.Id) : null;
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = settings.ParallelListings, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(toList, parallel, async (folder, ct) =>
        {
            try
            {
                var (subs, files) = await listing.ListAsync(project, input.Project.Segment, folder, input.IncludeHidden, ct, storedVersionOf).ConfigureAwait(false);
                found.Listed(folder, subs, files, stored);
            }
            catch (ApsException e) when (e is not ApsAuthenticationException)
            {
                var path = string.Join('/', [input.Project.Name, .. folder.Names]);
                Log.FolderFailed(logger, input.RunId, path, e.Message);
                found.Errors.Enqueue($"folder '{path}' could not be listed: {e.Message}");
            }
        }).ConfigureAwait(false);

        return await WriteAsync(input, found, toList.Count, cancellationToken).ConfigureAwait(false) with { ComparedWithStored = stored is not null };
    }

    private static void Carry(PreviousRunState previous, ProjectRef project, FolderRef folder, Findings found)
    {
        var old = previous.Subtree(folder.Id).First();
        foreach (var seen in previous.Subtree(folder.Id))
        {
            // Re-home the subtree under the folder's current place (an ancestor may have been renamed).
            var moved = seen.Id == folder.Id ? folder : seen with
            {
                Segments = [.. folder.Segments, .. seen.Segments.Skip(old.Segments.Count)],
                Names = [.. folder.Names, .. seen.Names.Skip(old.Names.Count)],
            };
            found.Folders.Add(moved);
            found.UnchangedFolders++;
            var oldFolderPath = string.Join('/', [.. seen.Names]) + "/";
            foreach (var record in previous.FilesIn(seen.Id))
            {
                // ACC names may contain '/': take the file name as what follows the folder's path, never by splitting.
                var oldPrefix = record.ProjectName + "/" + oldFolderPath;
                var fileName = record.SourcePath.StartsWith(oldPrefix, StringComparison.Ordinal) ? record.SourcePath[oldPrefix.Length..] : record.SourcePath;
                var now = record with
                {
                    ProjectName = project.Name,
                    BlobName = BlobPathBuilder.Fit(string.Join('/', [project.Segment, .. moved.Segments, record.BlobName.Split('/')[^1]])),
                    Place = record.Place is { } place ? BlobPathBuilder.Fit(string.Join('/', [project.Segment, .. moved.Segments, place.Split('/')[^1]])) : null,
                    SourcePath = string.Join('/', [project.Name, .. moved.Names, fileName]),
                };
                if (previous.EntryFor(record.ItemId) is { Status: ManifestStatus.NoContent } none && none.VersionId == record.VersionId)
                {
                    found.Reused.Add((now, now.Reused(none)));
                }
                else
                {
                    // Stored by that run (whatever the path now): reused. Failed or planned: copied.
                    found.Add(now, previous);
                }
            }
        }
    }

    /// <summary>What the latest run stored, for a listing with no folder state to skip by; none when it cannot be read
    /// (then every listed file goes to a copy, which still finds a version stored under its own name).</summary>
    private async Task<PreviousRunState?> LoadStoredAsync(ListFoldersInput input, CancellationToken cancellationToken)
    {
        try
        {
            return await previousRuns.LoadStoredAsync(input.StoredRunId!, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is InvalidDataException or System.Text.Json.JsonException or Azure.RequestFailedException or InvalidOperationException)
        {
            Log.StoredRunUnreadable(logger, input.RunId, input.StoredRunId!, e.Message);
            return null;
        }
    }

    private async Task<ListFoldersResult> WriteAsync(ListFoldersInput input, Findings found, int listed, CancellationToken cancellationToken)
    {
        // Every blob at once: the activity holds a place among the listings in flight until it ends, and while it writes,
        // that place lists nothing.
        var writes = new List<Task>();
        var perChunk = options.Value.FilesPerChunk;
        var ordered = found.Files.OrderBy(f => f.BlobName, StringComparer.Ordinal).ToList();
        var chunks = 0;
        for (; chunks * perChunk < ordered.Count; chunks++)
        {
            var name = RunLayout.InventoryChunk(input.RunId, input.OutputKey, chunks);
            writes.Add(blobs.WriteAsync(name, ordered.Skip(chunks * perChunk).Take(perChunk), RunJsonContext.Default.InventoryRecord, cancellationToken));
        }

        // Reused files (carried folders' files among them) get their inventory and their results at once: nothing to copy, so no copy activity's size to
        // respect; larger chunks mean fewer blobs to write now and to read at the fan-in and the next night.
        var reused = found.Reused.OrderBy(c => c.Record.BlobName, StringComparer.Ordinal).ToList();
        var perReusedChunk = perChunk * ReusedChunkFactor;
        for (var i = 0; i * perReusedChunk < reused.Count; i++)
        {
            // The blob names keep "-carried": a run resumed by a newer build finds the chunks an older one wrote.
            var name = RunLayout.InventoryChunk(input.RunId, input.OutputKey + "-carried", i);
            var slice = reused.Skip(i * perReusedChunk).Take(perReusedChunk).ToList();
            writes.Add(blobs.WriteAsync(name, slice.Select(c => c.Record), RunJsonContext.Default.InventoryRecord, cancellationToken));
            writes.Add(blobs.WriteAsync(RunLayout.Results(name), slice.Select(c => c.Entry), RunJsonContext.Default.ManifestEntry, cancellationToken));
        }

        writes.Add(blobs.WriteAsync(RunLayout.FolderState(input.RunId, input.OutputKey), found.Folders.OrderBy(f => f.Id, StringComparer.Ordinal), RunJsonContext.Default.FolderRef, cancellationToken));
        string? subFoldersBlob = null;
        if (!found.SubFolders.IsEmpty)
        {
            subFoldersBlob = RunLayout.SubFolders(input.RunId, input.OutputKey);
            writes.Add(blobs.WriteAsync(subFoldersBlob, found.SubFolders.OrderBy(f => f.Id, StringComparer.Ordinal), RunJsonContext.Default.FolderRef, cancellationToken));
        }

        await Task.WhenAll(writes).ConfigureAwait(false);

        // Files of the account: earlier versions are counted apart, in the manifest.
        var files = ordered.Where(f => !f.EarlierVersion).ToList();
        var reusedFiles = reused.Where(c => !c.Record.EarlierVersion).ToList();
        return new ListFoldersResult(chunks, subFoldersBlob, found.SubFolders.Count, listed - found.Errors.Count, files.Count + reusedFiles.Count,
            files.Sum(f => f.ApiSize ?? 0) + reusedFiles.Sum(c => c.Record.ApiSize ?? 0), [.. found.Errors.Take(MaxErrorsReported)],
            found.UnchangedFolders, reusedFiles.Count);
    }

    /// <summary>What one activity found, gathered from parallel listings.</summary>
    private sealed class Findings
    {
        public ConcurrentBag<FolderRef> Folders { get; } = [];

        public ConcurrentBag<FolderRef> SubFolders { get; } = [];

        public ConcurrentBag<InventoryRecord> Files { get; } = [];

        public ConcurrentBag<(InventoryRecord Record, ManifestEntry Entry)> Reused { get; } = [];

        public ConcurrentQueue<string> Errors { get; } = new();

        public int UnchangedFolders { get; set; }

        public void Listed(FolderRef folder, IEnumerable<FolderRef> subFolders, IEnumerable<InventoryRecord> files, PreviousRunState? stored)
        {
            Folders.Add(folder);
            foreach (var sub in subFolders)
            {
                SubFolders.Add(sub);
            }

            foreach (var file in files)
            {
                Add(file, stored);
            }
        }

        /// <summary>A file to copy, or reused when <paramref name="stored"/> already holds its bytes (its blob is written once).</summary>
        public void Add(InventoryRecord file, PreviousRunState? stored)
        {
            if (stored?.StoredBytesOf(file) is { BlobName: { } blob } entry)
            {
                var placed = file with { BlobName = blob };
                Reused.Add((placed, placed.Reused(entry)));
            }
            else
            {
                Files.Add(file);
            }
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 3002, Level = LogLevel.Warning, Message = "Run {RunId}: what run {StoredRunId} stored is unreadable ({Reason}); listed files are checked against their blobs instead")]
        public static partial void StoredRunUnreadable(ILogger logger, string runId, string storedRunId, string reason);

        [LoggerMessage(EventId = 3001, Level = LogLevel.Warning, Message = "Run {RunId}: folder {Path} could not be listed: {Reason}")]
        public static partial void FolderFailed(ILogger logger, string runId, string path, string reason);
    }
}
