using System.Collections.Frozen;
using AccBackup.AccRestore;
using AccBackup.BackupConsole.Api;

namespace AccBackup.BackupConsole.Restores;

/// <summary>The Restore page's read model, the same in both hosts: the host says where a restore is (<see cref="IConsoleRestores"/>);
/// the plan and the record are read from the restore's blobs (<see cref="RestoreRecord"/>).</summary>
internal sealed class RestoreQueries(RestoreRecord record)
{
    /// <summary>Most planned files listed (a plan of a whole project holds thousands; its counts cover them all).</summary>
    public const int MaxFilesShown = 500;

    private static readonly FrozenDictionary<RestoreAction, string> Meanings = new Dictionary<RestoreAction, string>
    {
        [RestoreAction.Nothing] = "ACC already holds the night's bytes there: nothing written",
        [RestoreAction.Undelete] = "deleted in ACC: brought back in place, no bytes sent",
        [RestoreAction.Promote] = "a newer version is on top: the night's version copied over it, no bytes sent",
        [RestoreAction.UploadNewFile] = "not in ACC: uploaded from the backup as a new file",
        [RestoreAction.UploadNewVersion] = "other bytes under that name: uploaded as a new version",
        [RestoreAction.Skip] = "not restored (the reason says why)",
    }.ToFrozenDictionary();

    /// <summary>Restore <paramref name="restoreId"/> as the page shows it.</summary>
    /// <exception cref="ConsoleRequestException">The host knows no such restore.</exception>
    public async Task<RestoreView> ReadAsync(IConsoleRestores restores, string restoreId, CancellationToken cancellationToken)
    {
        var progress = await restores.ProgressAsync(restoreId, cancellationToken).ConfigureAwait(false)
            ?? throw ConsoleRequestException.NotFound($"no restore '{restoreId}'");
        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(restoreId), cancellationToken).ConfigureAwait(false);
        var result = await record.ReadAsync(restoreId, cancellationToken).ConfigureAwait(false);
        return new RestoreView(restoreId, progress, (plan ?? result?.Plan) is { } shown ? View(shown) : null, result is { Applied: true } ? Outcome(result) : null);
    }

    private static RestorePlanView View(AccRestorePlan plan)
    {
        string Project(string id) => plan.ProjectNames.TryGetValue(id, out var name) ? name : id;
        return new RestorePlanView(
            plan.RunId, plan.Target, plan.PlannedAt, plan.Files.Count, Counts(plan.Counts), plan.FoldersToCreate, plan.FoldersToUnhide, plan.UploadBytes, plan.QuotaFloor,
            [.. plan.Files.Take(MaxFilesShown).Select(f => new PlannedFileRow(f.SourcePath, Project(f.TargetProjectId), f.TargetFolder, f.Name, f.Action.ToString(), f.Reason))],
            [.. plan.Folders.Select(f => new PlannedFolderRow(Project(f.ProjectId), f.Path, f.Action.ToString()))]);
    }

    private static RestoreOutcomeView Outcome(AccRestoreResult result) => new(
        result.Succeeded, result.FinishedAt, Counts(result.Done), result.VersionsCreated, result.UploadedBytes,
        [.. result.Failures.Select(f => new FailedFileRow(f.Plan.SourcePath, f.Plan.Action.ToString(), f.Error ?? "failed"))],
        $"data/restores/{Uri.EscapeDataString(result.RestoreId)}/restore.csv");

    private static IReadOnlyList<ActionCount> Counts(IReadOnlyDictionary<RestoreAction, int> counts) =>
        [.. Enum.GetValues<RestoreAction>().Select(a => new ActionCount(a.ToString(), Meanings[a], counts.GetValueOrDefault(a)))];
}
