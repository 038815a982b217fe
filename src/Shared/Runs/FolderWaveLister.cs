using System.Collections.Concurrent;
using AccBackup.Acc;
using AccBackup.Backup;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs;

/// <summary>The listing activity: lists a slice of a project's folders at once and writes what it finds to blobs.</summary>
/// <remarks>Idempotent: the same input writes the same blobs (records sorted, names from <see cref="FolderWaveInput.OutputKey"/>).</remarks>
public sealed partial class FolderWaveLister(FolderListing listing, NdjsonBlobs blobs, IOptions<BackupOptions> options, ILogger<FolderWaveLister> logger)
{
    private const int MaxErrorsReported = 20;

    /// <summary>Lists the input's folders; a folder that cannot be listed is reported in <see cref="FolderWaveResult.Errors"/>.</summary>
    public async Task<FolderWaveResult> ListAsync(FolderWaveInput input, CancellationToken cancellationToken)
    {
        var settings = options.Value;
        var project = input.Project.ToProject();
        var folders = input.FoldersBlob is null
            ? await listing.TopFoldersAsync(project.Id, cancellationToken).ConfigureAwait(false)
            : (await blobs.ReadAsync(input.FoldersBlob, RunJsonContext.Default.FolderRef, cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"The folder list {input.FoldersBlob} is missing.")).Skip(input.Skip).Take(input.Take).ToList();

        var subFolders = new ConcurrentBag<FolderRef>();
        var files = new ConcurrentBag<InventoryRecord>();
        var errors = new ConcurrentQueue<string>();
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = settings.ParallelListings, CancellationToken = cancellationToken };
        await Parallel.ForEachAsync(folders, parallel, async (folder, ct) =>
        {
            try
            {
                var (subs, found) = await listing.ListAsync(project, input.Project.Segment, folder, input.IncludeHidden, ct).ConfigureAwait(false);
                foreach (var sub in subs)
                {
                    subFolders.Add(sub);
                }

                foreach (var file in found)
                {
                    files.Add(InventoryRecord.From(file));
                }
            }
            catch (ApsException e) when (e is not ApsAuthenticationException)
            {
                var path = string.Join('/', [input.Project.Name, .. folder.Names]);
                Log.FolderFailed(logger, input.RunId, path, e.Message);
                errors.Enqueue($"folder '{path}' could not be listed: {e.Message}");
            }
        }).ConfigureAwait(false);

        var ordered = files.OrderBy(f => f.BlobName, StringComparer.Ordinal).ToList();
        var chunks = new List<string>();
        for (var i = 0; i * settings.FilesPerChunk < ordered.Count; i++)
        {
            var name = RunLayout.InventoryChunk(input.RunId, input.OutputKey, i);
            await blobs.WriteAsync(name, ordered.Skip(i * settings.FilesPerChunk).Take(settings.FilesPerChunk), RunJsonContext.Default.InventoryRecord, cancellationToken).ConfigureAwait(false);
            chunks.Add(name);
        }

        string? subFoldersBlob = null;
        if (!subFolders.IsEmpty)
        {
            subFoldersBlob = RunLayout.SubFolders(input.RunId, input.OutputKey);
            await blobs.WriteAsync(subFoldersBlob, subFolders.OrderBy(f => f.Id, StringComparer.Ordinal), RunJsonContext.Default.FolderRef, cancellationToken).ConfigureAwait(false);
        }

        return new FolderWaveResult(chunks, subFoldersBlob, subFolders.Count, folders.Count - errors.Count, ordered.Count,
            ordered.Sum(f => f.ApiSize ?? 0), [.. errors.Take(MaxErrorsReported)]);
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 3001, Level = LogLevel.Warning, Message = "Run {RunId}: folder {Path} could not be listed: {Reason}")]
        public static partial void FolderFailed(ILogger logger, string runId, string path, string reason);
    }
}
