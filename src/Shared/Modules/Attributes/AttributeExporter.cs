using System.Collections.Concurrent;
using System.Text.Json;
using AccBackup.Backup.Listing;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules.Attributes;

/// <summary>Writes one project's custom attributes for one run: for every folder and file version the run's listing found
/// (<see cref="IListedProjectReader"/>: the tree is never listed twice), the folder's definitions and the versions' values read
/// through <see cref="AttributesClient"/> (values <see cref="AttributesClient.ValuesBatchSize"/> versions a call) or carried from
/// the run before; the JSON record and the CSV created once under the run. A second call for the same run and project returns
/// what the first wrote.</summary>
/// <remarks>Neither endpoint has an updated-since filter. Everything is read on the first night and every
/// <c>Attributes:FullReadEveryDays</c>; the nights between read the definitions of the folders that are new or whose rollup time
/// moved, and the values of the versions new since the run before (and of those APS answered an error for). A value set on an
/// old version waits for the next full read. A folder or version the listing no longer finds leaves the snapshot (earlier runs keep it).</remarks>
public sealed partial class AttributeExporter(
    AttributesClient client, IListedProjectReader listings, BlobContainer container, IOptions<AttributesOptions> options, TimeProvider time,
    ILogger<AttributeExporter> logger) : IProjectModuleExporter
{
    /// <summary>Calls made at once (each endpoint's quota paces them).</summary>
    private const int ParallelCalls = 4;

    /// <summary>The counts this exporter reports (<see cref="Manifest.ModuleTotals.Counts"/>).</summary>
    public static class Counts
    {
        /// <summary>Folders in the snapshot.</summary>
        public const string Folders = "folders";

        /// <summary>Of <see cref="Folders"/>, those whose definitions this run read (the rest were carried).</summary>
        public const string FoldersRead = "foldersRead";

        /// <summary>Attribute definitions the project defines (each counted once, however many folders inherit it).</summary>
        public const string Definitions = "definitions";

        /// <summary>File versions in the snapshot.</summary>
        public const string Versions = "versions";

        /// <summary>Of <see cref="Versions"/>, those whose values this run read.</summary>
        public const string VersionsRead = "versionsRead";

        /// <summary>Values assigned, summed over the versions.</summary>
        public const string Values = "values";

        /// <summary>Versions APS answered an error for (the next night asks again).</summary>
        public const string VersionErrors = "versionErrors";
    }

    private readonly AttributesOptions settings = options.Value;

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Attributes;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await AttributeSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written, 0, 0);
        }

        var listed = await ListedFolders.ReadAsync(listings, input, cancellationToken).ConfigureAwait(false);
        var exportedAt = time.GetUtcNow();
        var previous = input.BaseRunId is { } baseRun
            ? await AttributeSnapshotReader.ReadAsync(container, baseRun, input.ProjectId, cancellationToken).ConfigureAwait(false)
            : null;
        var full = previous is null || exportedAt - previous.FullReadAt >= TimeSpan.FromDays(settings.FullReadEveryDays);
        var parallel = new ParallelOptions { MaxDegreeOfParallelism = ParallelCalls, CancellationToken = cancellationToken };

        var knownFolders = full ? new Dictionary<string, FolderAttributeDefinitions>(StringComparer.Ordinal) : previous!.Folders.ToDictionary(f => f.FolderId, StringComparer.Ordinal);
        var definitions = new ConcurrentDictionary<string, FolderAttributeDefinitions>(StringComparer.Ordinal);
        var foldersRead = 0;
        await Parallel.ForEachAsync(listed.Folders, parallel, async (folder, ct) =>
        {
            var path = ListedFolders.PathOf(folder);
            if (knownFolders.TryGetValue(folder.Id, out var known) && known.Rollup is { } rollup && rollup == folder.Rollup)
            {
                definitions[folder.Id] = known with { Path = path };
                return;
            }

            definitions[folder.Id] = new FolderAttributeDefinitions(folder.Id, path, folder.Rollup, exportedAt,
                await client.DefinitionsAsync(input.ProjectId, folder.Id, ct).ConfigureAwait(false));
            Interlocked.Increment(ref foldersRead);
        }).ConfigureAwait(false);

        var (values, versionsRead) = await ValuesAsync(input, listed.Files, full ? Array.Empty<VersionAttributeValues>() : previous!.Versions, exportedAt, parallel).ConfigureAwait(false);
        var snapshot = new AttributeSnapshot(input.ProjectId, input.ProjectName, input.RunId, exportedAt, full ? exportedAt : previous!.FullReadAt, full ? null : previous!.RunId,
            [.. definitions.Values.OrderBy(f => f.Path, StringComparer.Ordinal).ThenBy(f => f.FolderId, StringComparer.Ordinal)], values);
        await ModuleSnapshots.WriteOnceAsync(container, AttributeLayout.Csv(input.RunId, input.ProjectId), AttributeCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, AttributeLayout.Snapshot(input.RunId, input.ProjectId),
            JsonSerializer.SerializeToUtf8Bytes(snapshot, AttributeJsonContext.Default.AttributeSnapshot), "application/json", cancellationToken).ConfigureAwait(false);
        var counts = CountsOf(snapshot, foldersRead, versionsRead);
        Log.Exported(logger, input.ProjectId, snapshot.Folders.Count, foldersRead, snapshot.Versions.Count, versionsRead, full, counts[Counts.VersionErrors]);
        return counts;
    }

    /// <summary>Every listed version's values: carried when the run before read them, else read in batches.</summary>
    private async Task<(IReadOnlyList<VersionAttributeValues> Values, int Read)> ValuesAsync(
        ModuleExportInput input, IReadOnlyList<InventoryRecord> files, IReadOnlyList<VersionAttributeValues> before, DateTimeOffset exportedAt, ParallelOptions parallel)
    {
        var known = before.Where(v => v.Error is null).ToDictionary(v => v.VersionId, StringComparer.Ordinal);
        var versions = files.Where(f => f.VersionId is not null).DistinctBy(f => f.VersionId, StringComparer.Ordinal).ToList();
        var values = new ConcurrentBag<VersionAttributeValues>();
        var toRead = new List<InventoryRecord>();
        foreach (var file in versions)
        {
            if (known.TryGetValue(file.VersionId!, out var carried))
            {
                values.Add(carried with { Path = file.SourcePath });
            }
            else
            {
                toRead.Add(file);
            }
        }

        await Parallel.ForEachAsync(toRead.Chunk(AttributesClient.ValuesBatchSize), parallel, async (batch, ct) =>
        {
            var answer = await client.ValuesAsync(input.ProjectId, [.. batch.Select(f => f.VersionId!)], ct).ConfigureAwait(false);
            foreach (var file in batch)
            {
                var id = file.VersionId!;
                values.Add(answer.Results.TryGetValue(id, out var record)
                    ? new VersionAttributeValues(id, file.SourcePath, exportedAt, record, null)
                    : new VersionAttributeValues(id, file.SourcePath, exportedAt, null, answer.Errors.GetValueOrDefault(id) ?? "APS answered neither a record nor an error for the version."));
            }
        }).ConfigureAwait(false);

        return ([.. values.OrderBy(v => v.Path, StringComparer.Ordinal).ThenBy(v => v.VersionId, StringComparer.Ordinal)], toRead.Count);
    }

    private static Dictionary<string, long> CountsOf(AttributeSnapshot snapshot, int foldersRead, int versionsRead) => new(StringComparer.Ordinal)
    {
        [Counts.Folders] = snapshot.Folders.Count,
        [Counts.FoldersRead] = foldersRead,
        [Counts.Definitions] = snapshot.Folders.SelectMany(f => f.Definitions).Select(d => ModuleJson.Text(d, "id")).Distinct(StringComparer.Ordinal).Count(),
        [Counts.Versions] = snapshot.Versions.Count,
        [Counts.VersionsRead] = versionsRead,
        [Counts.Values] = snapshot.Versions.Sum(v => v.Record is { } r && r.TryGetProperty("customAttributes", out var a) && a.ValueKind == JsonValueKind.Array ? a.GetArrayLength() : 0),
        [Counts.VersionErrors] = snapshot.Versions.Count(v => v.Error is not null),
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9145, Level = LogLevel.Information, Message = "Custom attributes of {ProjectId} exported: {Folders} folders ({FoldersRead} read), {Versions} versions ({VersionsRead} read), full read {FullRead}, {VersionErrors} versions answered with an error")]
        public static partial void Exported(ILogger logger, string projectId, int folders, int foldersRead, int versions, int versionsRead, bool fullRead, long versionErrors);
    }
}
