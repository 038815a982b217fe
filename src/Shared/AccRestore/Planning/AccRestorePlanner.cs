using AccBackup.Acc;
using AccBackup.AccRestore;
using AccBackup.AccRestore.Target;
using AccBackup.Manifest;

namespace AccBackup.AccRestore.Planning;

/// <summary>Plans a restore against ACC as it is now: each selected file matched by item id (same project) or by name
/// (elsewhere, case-insensitively as ACC does), compared by storage object, then size and SHA-256 (read back only where
/// the manifest cannot decide), and given one action with its reason. Reads only; writes nothing.</summary>
/// <remarks>Never plans a delete, never touches a file the selection does not name, and leaves files that appeared after the
/// night as they are: a plan only adds versions, items and folders, and un-hides folders.</remarks>
public sealed class AccRestorePlanner(ApsDataClient data, TipReader tips, RestoreSelection selection, TimeProvider time)
{
    /// <summary>The plan of <paramref name="request"/>.</summary>
    public async Task<AccRestorePlan> PlanAsync(AccRestoreRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var target = request.Target is { } given ? RestoreTargetPath.ParseTarget(given) : ((string Project, IReadOnlyList<string> Folders)?)null;
        var (runId, entries) = await selection.ReadAsync(request, cancellationToken).ConfigureAwait(false);
        var history = request.AllVersions
            ? await selection.VersionsAsync(runId, entries.Select(e => e.ItemId).ToHashSet(StringComparer.Ordinal), cancellationToken).ConfigureAwait(false)
            : null;
        var plannedAt = time.GetUtcNow();

        var projects = new List<AccProject>();
        await foreach (var project in data.ListProjectsAsync(cancellationToken).ConfigureAwait(false))
        {
            projects.Add(project);
        }

        var targetProject = target is { } t
            ? projects.FirstOrDefault(p => string.Equals(p.Name, t.Project, StringComparison.OrdinalIgnoreCase))
                ?? throw new ArgumentException($"The target project '{t.Project}' is not in the account (or the app cannot see it).", nameof(request))
            : null;

        var state = new PlanState(data);
        var files = new List<PlannedFile>(entries.Count);
        foreach (var entry in entries)
        {
            var project = targetProject ?? projects.FirstOrDefault(p => p.Id == entry.ProjectId);
            var folders = target is { } to ? RestoreTargetPath.Under(to.Folders, entry, request.PathPrefix) : RestoreTargetPath.Split(entry).Folders;
            var versions = history?.GetValueOrDefault(entry.ItemId);
            files.Add(await PlanFileAsync(entry, project, folders, versions, state, inPlace: target is null, cancellationToken).ConfigureAwait(false));
        }

        return new AccRestorePlan(request.RestoreId, runId, request.Target, plannedAt, state.Folders, files)
        {
            ProjectNames = projects.Where(p => files.Exists(f => f.TargetProjectId == p.Id)).ToDictionary(p => p.Id, p => p.Name, StringComparer.Ordinal),
        };
    }

    private async Task<PlannedFile> PlanFileAsync(
        ManifestEntry entry, AccProject? project, IReadOnlyList<string> folders, IReadOnlyList<StoredVersionRef>? versions, PlanState state, bool inPlace, CancellationToken cancellationToken)
    {
        var name = RestoreTargetPath.Split(entry).Name;
        var night = RestoreSelection.Ref(entry);
        var projectId = project?.Id ?? entry.ProjectId;
        var folderPath = folders.Count == 0 ? null : string.Join('/', folders);
        PlannedFile Skip(string why) => new(entry.Path, entry.ProjectId, entry.ItemId, night ?? new StoredVersionRef(entry.VersionNumber, entry.VersionId, entry.BlobName ?? "", 0, "", entry.Storage),
            projectId, folderPath, name, RestoreAction.Skip, why);

        if (night is null)
        {
            return Skip("the manifest does not record the stored bytes (blob name, size and SHA-256), so they cannot be proven");
        }

        if (project is null)
        {
            return Skip($"its project ({entry.ProjectId}) is no longer in the account; give a target (--to-acc \"Project/Folder\") to restore it elsewhere");
        }

        if (folders.Count == 0)
        {
            return Skip("its place is the project's root, where ACC takes no files");
        }

        if (SystemFolders.FirstIn(folders.Take(1)) is { } system)
        {
            return Skip($"'{system}' is a folder ACC keeps for its own module; a restore never writes there");
        }

        var tree = await state.TreeAsync(project, cancellationToken).ConfigureAwait(false);
        var uploads = versions is { Count: > 0 } all && all[^1].VersionNumber == night.VersionNumber ? all : [night];
        var planned = new PlannedFile(entry.Path, entry.ProjectId, entry.ItemId, night, project.Id, folderPath, name, RestoreAction.Skip, "");

        // In place only without a target: a target (even in the file's own project) says where the files go.
        if (inPlace && project.Id == entry.ProjectId && tree.FindItem(entry.ItemId) is var (file, folder))
        {
            // The item's own name where the night's path ends with it (a name may hold '/', which the path cannot show).
            var own = file.Tip?.Name ?? file.Name;
            var named = entry.Path.EndsWith("/" + own, StringComparison.Ordinal) ? own : name;
            return await InPlaceAsync(planned with { TargetFolder = folder.Path, Name = named }, file, folder, uploads, state, cancellationToken).ConfigureAwait(false);
        }

        var top = tree.FindFolder([folders[0]]);
        if (top is null || top.Folder.Hidden)
        {
            return Skip($"the project has no top folder '{folders[0]}'; top folders sit in the project's root, where a restore creates nothing");
        }

        var node = state.Ensure(tree, folders, sameProject: project.Id == entry.ProjectId);
        if (node?.VisibleFile(name) is { } existing)
        {
            if (await SameBytesAsync(existing.Tip, night, cancellationToken).ConfigureAwait(false))
            {
                return planned with { Action = RestoreAction.Nothing, TargetItemId = existing.Id, Reason = $"'{existing.Name}' there already holds the night's bytes (v{existing.Tip?.VersionNumber})" };
            }

            return planned with
            {
                Action = RestoreAction.UploadNewVersion, TargetItemId = existing.Id, Uploads = uploads,
                Reason = $"a file named '{existing.Name}' there holds other bytes: the night's are uploaded as a new version of it",
            };
        }

        return planned with
        {
            Action = RestoreAction.UploadNewFile, Uploads = uploads,
            Reason = project.Id == entry.ProjectId
                ? "ACC no longer holds this file: uploaded from the backup as a new file"
                : "no file of that name there: uploaded from the backup as a new file",
        };
    }

    private async Task<PlannedFile> InPlaceAsync(
        PlannedFile planned, AccFile file, TargetFolderNode folder, IReadOnlyList<StoredVersionRef> uploads, PlanState state, CancellationToken cancellationToken)
    {
        var night = planned.Night;
        var hiddenFolder = state.UnhideChain(planned.TargetProjectId, folder);
        var at = $"v{file.Tip?.VersionNumber}";
        if (file.Hidden && !TargetFolderNode.HasDeletedTip(file))
        {
            return await HiddenAsync(planned, file, cancellationToken).ConfigureAwait(false);
        }

        if (TargetFolderNode.IsDeleted(file) && file.Tip?.Id == night.VersionId && night.VersionId is not null)
        {
            // A delete adds a version: a hidden item whose tip is still the night's was hidden already then (the backup keeps hidden items).
            return planned with { Action = RestoreAction.Nothing, TargetItemId = file.Id, Reason = $"hidden in ACC with the night's {at} as its tip, as it was then: left as it is" };
        }

        if (TargetFolderNode.IsDeleted(file))
        {
            return night.VersionId is null
                ? planned with { Action = RestoreAction.UploadNewVersion, TargetItemId = file.Id, Uploads = uploads, Reason = "deleted in ACC, and the manifest does not name the night's version to copy back: uploaded as a new version of the same item" }
                : planned with { Action = RestoreAction.Undelete, TargetItemId = file.Id, CopyFrom = night.VersionId, Reason = $"deleted in ACC ({at} is the delete): the night's v{night.VersionNumber} is copied back to the tip, same item id" };
        }

        if (string.Equals(file.Tip?.Name ?? file.Name, planned.Name, StringComparison.Ordinal) && await SameBytesAsync(file.Tip, night, cancellationToken).ConfigureAwait(false))
        {
            return hiddenFolder is null
                ? planned with { Action = RestoreAction.Nothing, TargetItemId = file.Id, Reason = $"ACC's tip {at} holds the night's bytes" }
                : planned with { Action = RestoreAction.Undelete, TargetItemId = file.Id, ComesBackWithFolder = hiddenFolder, Reason = $"its folder '{hiddenFolder}' is deleted in ACC: it comes back, same item id, when the folder is restored" };
        }

        var what = string.Equals(file.Tip?.Name ?? file.Name, planned.Name, StringComparison.Ordinal) ? "holds other bytes" : $"is named '{file.Tip?.Name ?? file.Name}'";
        return night.VersionId is null
            ? planned with { Action = RestoreAction.UploadNewVersion, TargetItemId = file.Id, Uploads = uploads, Reason = $"ACC's tip {at} {what}, and the manifest does not name the night's version to copy: uploaded as a new version" }
            : planned with { Action = RestoreAction.Promote, TargetItemId = file.Id, CopyFrom = night.VersionId, Reason = $"ACC's tip {at} {what}: the night's v{night.VersionNumber} is copied over it" };
    }

    /// <summary>A file hidden in ACC but not deleted (its tip still has bytes), as the backup keeps it (<c>Backup:IncludeHidden</c>).</summary>
    /// <remarks>ACC has no call that hides a file and keeps its bytes at the tip: a new version (a copy or an upload) shows the
    /// item again, and a delete leaves a tip without bytes. So a hidden file whose tip holds the night's bytes is left hidden,
    /// and one whose tip holds others gets the night's bytes back and is visible afterwards; the reason says so.</remarks>
    private async Task<PlannedFile> HiddenAsync(PlannedFile planned, AccFile file, CancellationToken cancellationToken)
    {
        var night = planned.Night;
        var at = $"v{file.Tip?.VersionNumber}";
        if (await SameBytesAsync(file.Tip, night, cancellationToken).ConfigureAwait(false))
        {
            return planned with { Action = RestoreAction.Nothing, TargetItemId = file.Id, Reason = $"hidden in ACC with the night's bytes at its tip {at}: left hidden, as it is" };
        }

        const string Shown = "ACC shows an item again when it takes a version, so it is visible afterwards";
        return night.VersionId is null
            ? planned with { Action = RestoreAction.UploadNewVersion, TargetItemId = file.Id, Uploads = [night], Reason = $"hidden in ACC and its tip {at} holds other bytes: the night's are uploaded as a new version ({Shown})" }
            : planned with { Action = RestoreAction.Promote, TargetItemId = file.Id, CopyFrom = night.VersionId, Reason = $"hidden in ACC and its tip {at} holds other bytes: the night's v{night.VersionNumber} is copied over it ({Shown})" };
    }

    private Task<bool> SameBytesAsync(AccFileVersion? tip, StoredVersionRef night, CancellationToken cancellationToken) =>
        tips.HoldsAsync(tip, night, cancellationToken);
}
