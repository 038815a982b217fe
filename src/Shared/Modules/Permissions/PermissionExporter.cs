using System.Collections.Concurrent;
using System.Text.Json;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules.Permissions;

/// <summary>Writes one project's folder permissions for one run: for every folder the run's listing found (<see cref="IListedProjectReader"/>:
/// the tree is never listed twice), its permissions read through <see cref="PermissionsClient"/> or carried from the run before; the
/// JSON record and the CSV created once under the run. A second call for the same run and project returns what the first wrote.</summary>
/// <remarks>The API has no updated-since filter. Every folder is read on the first night and every <c>Permissions:FullReadEveryDays</c>;
/// the nights between read only the folders that are new or whose rollup time moved, and carry the others' records. A folder the
/// listing no longer finds leaves the snapshot (earlier runs keep it).</remarks>
public sealed partial class PermissionExporter(
    PermissionsClient client, IListedProjectReader listings, BlobContainer container, IOptions<PermissionsOptions> options, TimeProvider time,
    ILogger<PermissionExporter> logger) : IProjectModuleExporter
{
    /// <summary>Folders whose permissions are read at once (the endpoint's quota paces them all).</summary>
    private const int ParallelFolders = 4;

    /// <summary>The counts this exporter reports (<see cref="Manifest.ModuleTotals.Counts"/>).</summary>
    public static class Counts
    {
        /// <summary>Folders in the snapshot.</summary>
        public const string Folders = "folders";

        /// <summary>Of <see cref="Folders"/>, those whose permissions this run read (the rest were carried).</summary>
        public const string FoldersRead = "foldersRead";

        /// <summary>Subjects (users, roles, companies) with access, summed over the folders.</summary>
        public const string Subjects = "subjects";
    }

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Permissions;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await PermissionSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written, read: 0);
        }

        var listed = await ListedFolders.ReadAsync(listings, input, cancellationToken).ConfigureAwait(false);
        var exportedAt = time.GetUtcNow();
        var previous = input.BaseRunId is { } baseRun
            ? await PermissionSnapshotReader.ReadAsync(container, baseRun, input.ProjectId, cancellationToken).ConfigureAwait(false)
            : null;
        var full = previous is null || exportedAt - previous.FullReadAt >= TimeSpan.FromDays(options.Value.FullReadEveryDays);
        var before = full ? new Dictionary<string, FolderPermissionRecord>(StringComparer.Ordinal) : previous!.Folders.ToDictionary(f => f.FolderId, StringComparer.Ordinal);
        var records = new ConcurrentDictionary<string, FolderPermissionRecord>(StringComparer.Ordinal);
        var read = 0;
        await Parallel.ForEachAsync(listed.Folders, new ParallelOptions { MaxDegreeOfParallelism = ParallelFolders, CancellationToken = cancellationToken }, async (folder, ct) =>
        {
            var path = ListedFolders.PathOf(folder);
            if (before.TryGetValue(folder.Id, out var known) && known.Rollup is { } rollup && rollup == folder.Rollup)
            {
                records[folder.Id] = known with { Path = path };
                return;
            }

            var permissions = await client.ListAsync(input.ProjectId, folder.Id, ct).ConfigureAwait(false);
            records[folder.Id] = new FolderPermissionRecord(folder.Id, path, folder.Rollup, exportedAt, permissions);
            Interlocked.Increment(ref read);
        }).ConfigureAwait(false);

        var snapshot = new PermissionSnapshot(input.ProjectId, input.ProjectName, input.RunId, exportedAt, full ? exportedAt : previous!.FullReadAt, full ? null : previous!.RunId,
            [.. records.Values.OrderBy(f => f.Path, StringComparer.Ordinal).ThenBy(f => f.FolderId, StringComparer.Ordinal)]);
        await ModuleSnapshots.WriteOnceAsync(container, PermissionLayout.Csv(input.RunId, input.ProjectId), PermissionCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, PermissionLayout.Snapshot(input.RunId, input.ProjectId),
            JsonSerializer.SerializeToUtf8Bytes(snapshot, PermissionJsonContext.Default.PermissionSnapshot), "application/json", cancellationToken).ConfigureAwait(false);
        var counts = CountsOf(snapshot, read);
        Log.Exported(logger, input.ProjectId, snapshot.Folders.Count, read, full, counts[Counts.Subjects]);
        return counts;
    }

    private static Dictionary<string, long> CountsOf(PermissionSnapshot snapshot, int read) => new(StringComparer.Ordinal)
    {
        [Counts.Folders] = snapshot.Folders.Count,
        [Counts.FoldersRead] = read,
        [Counts.Subjects] = snapshot.Folders.Sum(f => f.Permissions.Count),
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9140, Level = LogLevel.Information, Message = "Folder permissions of {ProjectId} exported: {Folders} folders ({FoldersRead} read, full read {FullRead}), {Subjects} subjects")]
        public static partial void Exported(ILogger logger, string projectId, int folders, int foldersRead, bool fullRead, long subjects);
    }
}
