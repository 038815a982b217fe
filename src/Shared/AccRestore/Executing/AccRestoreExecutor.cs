using AccBackup.Acc;
using AccBackup.Acc.Writes;
using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.AccRestore.Target;
using AccBackup.Storage;
using Azure;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.AccRestore.Executing;

/// <summary>Carries out a plan's writes: rights checked on every target folder first, then folders (parents first), then files.</summary>
/// <remarks>Each file is one small sequence of writes whose every step is checked; a file that fails is recorded with why and
/// the others go on. ACC refusing a copy (undelete, promote) makes the file an upload; a name clash (409) makes a new file a
/// new version of the file that holds the name.</remarks>
public sealed partial class AccRestoreExecutor(
    ApsWriteClient writes, SignedPartUploader uploader, BlobContainer backup, ApsDataClient data, IOptions<AccRestoreOptions> options, ILogger<AccRestoreExecutor> logger) : IDisposable
{
    // Uploads at once: each holds one part buffer, so together they stay within the backup's buffer budget.
    private readonly SemaphoreSlim uploads = new(options.Value.UploadsInParallel);

    /// <summary>Checks that the acting identity may do what the plan needs on every target folder (upload files, create folders,
    /// restore folders); throws <see cref="RestorePermissionException"/> naming the first folder and right missing. Writes nothing.</summary>
    public async Task CheckPermissionsAsync(AccRestorePlan plan, IReadOnlyDictionary<string, string> projectNames, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(plan);
        var needs = new Dictionary<(string Project, string Action), Dictionary<string, string>>();
        void Need(string project, string action, PlannedFolder folder)
        {
            var key = (project, action);
            var folders = needs.TryGetValue(key, out var found) ? found : needs[key] = new(StringComparer.Ordinal);
            folders.TryAdd(folder.FolderId!, folder.Path);
        }

        foreach (var folder in plan.Folders)
        {
            switch (folder.Action)
            {
                case FolderAction.Unhide:
                    Need(folder.ProjectId, "write", folder);
                    break;
                case FolderAction.Create when Existing(plan, folder.ProjectId, Parent(folder.Path)) is { } parent:
                    Need(folder.ProjectId, "create", parent);
                    break;
            }
        }

        foreach (var file in plan.Files.Where(f => f.Writes && f.TargetFolder is not null))
        {
            for (var path = file.TargetFolder; path is not null; path = Parent(path))
            {
                if (Existing(plan, file.TargetProjectId, path) is { } folder)
                {
                    Need(file.TargetProjectId, "upload", folder);
                    break;
                }
            }
        }

        foreach (var ((project, action), folders) in needs)
        {
            foreach (var chunk in folders.Keys.Chunk(50))
            {
                var missing = await writes.CheckPermissionAsync(project, chunk, [action], cancellationToken).ConfigureAwait(false);
                if (missing.FirstOrDefault(m => m.Value.Count > 0) is { Key: { } folderId })
                {
                    var who = writes.UserId is { } user ? $"user '{user}' (Restore:UserId)" : "the restoring identity";
                    throw new RestorePermissionException(
                        $"{who} lacks the '{action}' right on folder '{folders[folderId]}' of project '{projectNames.GetValueOrDefault(project, project)}' ({folderId}), which the restore needs. Nothing was written: grant it (or restore elsewhere) and run the restore again.");
                }
            }
        }
    }

    /// <summary>Restores and creates the plan's folders, parents first; returns every target folder's id by project and path.</summary>
    /// <param name="done">Called with each folder's key and id as soon as it is there, so files can start in it meanwhile.</param>
    public async Task<Dictionary<string, string>> ApplyFoldersAsync(AccRestorePlan plan, CancellationToken cancellationToken, Action<string, string>? done = null)
    {
        ArgumentNullException.ThrowIfNull(plan);
        var ids = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var folder in plan.Folders)
        {
            await ApplyFolderAsync(folder, ids, cancellationToken).ConfigureAwait(false);
            var key = Key(folder.ProjectId, folder.Path);
            done?.Invoke(key, ids[key]);
        }

        return ids;
    }

    private async Task ApplyFolderAsync(PlannedFolder folder, Dictionary<string, string> ids, CancellationToken cancellationToken)
    {
        {
            var key = Key(folder.ProjectId, folder.Path);
            switch (folder.Action)
            {
                case FolderAction.Exists:
                    ids[key] = folder.FolderId!;
                    break;
                case FolderAction.Unhide:
                    await writes.SetFolderHiddenAsync(folder.ProjectId, folder.FolderId!, false, cancellationToken).ConfigureAwait(false);
                    Log.FolderRestored(logger, folder.Path, folder.FolderId!);
                    ids[key] = folder.FolderId!;
                    break;
                case FolderAction.Create:
                    var parentId = ids.GetValueOrDefault(Key(folder.ProjectId, Parent(folder.Path) ?? string.Empty))
                        ?? throw new InvalidOperationException($"The plan creates '{folder.Path}' before its parent.");
                    ids[key] = await CreateFolderAsync(folder.ProjectId, parentId, folder.Segments[^1], cancellationToken).ConfigureAwait(false);
                    Log.FolderCreated(logger, folder.Path, ids[key]);
                    break;
            }
        }
    }

    /// <summary>Does what the plan says for one file; never throws for a file's own failure (it is recorded).</summary>
    public async Task<RestoredFile> ApplyFileAsync(PlannedFile file, IReadOnlyDictionary<string, string> folderIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(file);
        ArgumentNullException.ThrowIfNull(folderIds);
        try
        {
            var done = await ApplyAsync(file, folderIds, cancellationToken).ConfigureAwait(false);
            Log.FileRestored(logger, file.SourcePath, file.Action, done.ItemId);
            return done;
        }
        catch (Exception e) when (e is ApsException or RequestFailedException or InvalidDataException or EndOfStreamException or HttpRequestException or IOException)
        {
            Log.FileFailed(logger, file.SourcePath, file.Action, e.Message);
            return new RestoredFile(file, false, e.Message) { ItemId = file.TargetItemId };
        }
    }

    private async Task<RestoredFile> ApplyAsync(PlannedFile file, IReadOnlyDictionary<string, string> folderIds, CancellationToken cancellationToken)
    {
        var project = file.TargetProjectId;
        switch (file.Action)
        {
            case RestoreAction.Undelete or RestoreAction.Promote when file.CopyFrom is { } copyFrom:
                try
                {
                    var copy = await writes.CopyVersionAsync(project, file.TargetItemId!, copyFrom, cancellationToken).ConfigureAwait(false);
                    return new RestoredFile(file, true, null) { ItemId = file.TargetItemId, CreatedVersions = [copy.Id], CreatedVersionNumber = copy.VersionNumber };
                }
                catch (ApsRequestException e) when (e.Status is System.Net.HttpStatusCode.BadRequest or System.Net.HttpStatusCode.NotFound)
                {
                    // Autodesk's reference leaves some copies unconfirmed: a refused one becomes an upload onto the same item.
                    var uploaded = await UploadVersionsAsync(file, FolderId(file, folderIds), file.TargetItemId, [file.Night], cancellationToken).ConfigureAwait(false);
                    return uploaded with { FellBack = $"ACC refused the copy ({e.Message}): the night's bytes were uploaded as a new version instead" };
                }

            case RestoreAction.UploadNewFile:
                return await UploadVersionsAsync(file, FolderId(file, folderIds), null, file.Uploads, cancellationToken).ConfigureAwait(false);
            case RestoreAction.UploadNewVersion:
                return await UploadVersionsAsync(file, FolderId(file, folderIds), file.TargetItemId, file.Uploads, cancellationToken).ConfigureAwait(false);
            default:
                return new RestoredFile(file, true, null) { ItemId = file.TargetItemId };
        }
    }

    private async Task<RestoredFile> UploadVersionsAsync(
        PlannedFile file, string folderId, string? itemId, IReadOnlyList<StoredVersionRef> versions, CancellationToken cancellationToken)
    {
        var project = file.TargetProjectId;
        var created = new List<string>();
        var number = 0;
        long bytes = 0;
        var parts = 0;
        string? fellBack = null;
        foreach (var version in versions)
        {
            var (storage, sent) = await UploadAsync(project, folderId, file.Name, version, cancellationToken).ConfigureAwait(false);
            bytes += version.Size;
            parts += sent;
            AccFileVersion tip;
            if (itemId is null)
            {
                try
                {
                    (itemId, tip) = await writes.CreateItemAsync(project, folderId, file.Name, storage, cancellationToken).ConfigureAwait(false);
                }
                catch (ApsRequestException e) when (e.Status == System.Net.HttpStatusCode.Conflict)
                {
                    var holder = await VisibleFileAsync(project, folderId, file.Name, cancellationToken).ConfigureAwait(false)
                        ?? throw new ApsRequestException(ApsEndpoint.CreateItem, System.Net.HttpStatusCode.Conflict, $"ACC answered 409 for '{file.Name}' but lists no visible file of that name: {e.Message}");
                    itemId = holder.Id;
                    fellBack = $"a file named '{holder.Name}' was there (409): the night's bytes became a new version of it";
                    tip = await writes.CreateVersionAsync(project, itemId, file.Name, storage, cancellationToken).ConfigureAwait(false);
                }
            }
            else
            {
                tip = await writes.CreateVersionAsync(project, itemId, file.Name, storage, cancellationToken).ConfigureAwait(false);
            }

            created.Add(tip.Id);
            number = tip.VersionNumber;
        }

        return new RestoredFile(file, true, null)
        {
            ItemId = itemId, CreatedVersions = created, CreatedVersionNumber = number, UploadedBytes = bytes, Parts = parts, FellBack = fellBack,
        };
    }

    /// <summary>One version's bytes from its blob into a new storage object, proven by SHA-256 on the way before anything refers to it.</summary>
    private async Task<(OssObject Storage, int Parts)> UploadAsync(string project, string folderId, string name, StoredVersionRef version, CancellationToken cancellationToken)
    {
        var storage = await writes.CreateStorageAsync(project, folderId, name, cancellationToken).ConfigureAwait(false);
        await uploads.WaitAsync(cancellationToken).ConfigureAwait(false);
        using var hashing = new HashingReadStream(await backup.OpenReadAsync(version.BlobName, null, null, cancellationToken).ConfigureAwait(false));
        int parts;
        try
        {
            parts = await uploader.UploadAsync(storage, hashing, version.Size, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            uploads.Release();
        }

        if (version.Sha256.Length > 0 && !string.Equals(hashing.Sha256, version.Sha256, StringComparison.OrdinalIgnoreCase))
        {
            throw new InvalidDataException($"The blob '{version.BlobName}' read {hashing.BytesRead} bytes with SHA-256 {hashing.Sha256}, not the manifest's {version.Sha256}: nothing in ACC refers to the upload.");
        }

        return (storage, parts);
    }

    private async Task<string> CreateFolderAsync(string project, string parentId, string name, CancellationToken cancellationToken)
    {
        try
        {
            return (await writes.CreateFolderAsync(project, parentId, name, cancellationToken).ConfigureAwait(false)).Id;
        }
        catch (ApsException e) when (e.Status == System.Net.HttpStatusCode.Conflict || e is ApsWriteUncertainException)
        {
            // Made meanwhile (or by the attempt whose answer was lost): use it.
            await foreach (var entry in data.ListFolderContentsAsync(project, parentId, includeHidden: false, cancellationToken).ConfigureAwait(false))
            {
                if (entry is AccFolder folder && string.Equals(folder.Name, name, StringComparison.OrdinalIgnoreCase))
                {
                    return folder.Id;
                }
            }

            throw;
        }
    }

    private async Task<AccFile?> VisibleFileAsync(string project, string folderId, string name, CancellationToken cancellationToken)
    {
        await foreach (var entry in data.ListFolderContentsAsync(project, folderId, includeHidden: false, cancellationToken).ConfigureAwait(false))
        {
            if (entry is AccFile file && !TargetFolderNode.IsDeleted(file) && string.Equals(file.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return file;
            }
        }

        return null;
    }

    private static string FolderId(PlannedFile file, IReadOnlyDictionary<string, string> folderIds) =>
        folderIds.GetValueOrDefault(Key(file.TargetProjectId, file.TargetFolder!))
            ?? throw new InvalidOperationException($"The folder '{file.TargetFolder}' of '{file.SourcePath}' was neither found nor created.");

    private static PlannedFolder? Existing(AccRestorePlan plan, string project, string? path) =>
        path is null ? null : plan.Folders.FirstOrDefault(f => f.ProjectId == project && f.FolderId is not null && string.Equals(f.Path, path, StringComparison.OrdinalIgnoreCase));

    private static string? Parent(string path) => path.LastIndexOf('/') is var slash and > 0 ? path[..slash] : null;

    /// <summary>The key of a target folder in the folder ids: project and path.</summary>
    public static string Key(string project, string path) => project + "|" + path;

    /// <inheritdoc />
    public void Dispose() => uploads.Dispose();

    private static partial class Log
    {
        [LoggerMessage(EventId = 7101, Level = LogLevel.Information, Message = "Restore: folder {Path} restored ({FolderId})")]
        public static partial void FolderRestored(ILogger logger, string path, string folderId);

        [LoggerMessage(EventId = 7102, Level = LogLevel.Information, Message = "Restore: folder {Path} created ({FolderId})")]
        public static partial void FolderCreated(ILogger logger, string path, string folderId);

        [LoggerMessage(EventId = 7103, Level = LogLevel.Debug, Message = "Restore: {Path} done ({Action}, item {ItemId})")]
        public static partial void FileRestored(ILogger logger, string path, RestoreAction action, string? itemId);

        [LoggerMessage(EventId = 7104, Level = LogLevel.Warning, Message = "Restore: {Path} failed ({Action}): {Reason}")]
        public static partial void FileFailed(ILogger logger, string path, RestoreAction action, string reason);
    }
}
