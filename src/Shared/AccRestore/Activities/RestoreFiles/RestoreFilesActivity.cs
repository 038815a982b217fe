using AccBackup.AccRestore.Executing;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.Runs.Activities;

namespace AccBackup.AccRestore.Activities;

/// <summary>Restores one batch of the plan's files, one after another, each looked at in ACC first (<see cref="RestoreRecheck"/>)
/// so a repeated batch writes nothing twice; the per-file results are a blob written once, and a repeat returns them.</summary>
public sealed class RestoreFilesActivity(AccRestoreExecutor executor, RestoreRecheck recheck, RestoreRecord record) : IRunActivity<RestoreFilesInput, RestoreFilesResult>
{
    /// <inheritdoc />
    public async Task<RestoreFilesResult> RunAsync(RestoreFilesInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        var blob = RestoreRecord.BatchBlob(input.RestoreId, input.First);
        var results = await record.ReadJsonAsync<List<RestoredFile>>(blob, cancellationToken).ConfigureAwait(false);
        if (results is null)
        {
            var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(input.RestoreId), cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"Restore {input.RestoreId} has no plan blob.");
            var folders = await record.ReadJsonAsync<Dictionary<string, string>>(RestoreRecord.FoldersBlob(input.RestoreId), cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"Restore {input.RestoreId} has no folders blob: its folders step has not run.");
            var ids = new Dictionary<string, string>(folders, StringComparer.OrdinalIgnoreCase);
            results = [];
            foreach (var file in plan.Files.Skip(input.First).Take(input.Count))
            {
                var folderId = file.TargetFolder is { } path ? ids.GetValueOrDefault(AccRestoreExecutor.Key(file.TargetProjectId, path)) : null;
                var done = folderId is null ? null : await recheck.FoundDoneAsync(file, folderId, cancellationToken).ConfigureAwait(false);
                results.Add(done ?? await executor.ApplyFileAsync(file, ids, cancellationToken).ConfigureAwait(false));
            }

            results = await record.WriteJsonOnceAsync(blob, results, cancellationToken).ConfigureAwait(false);
        }

        return new RestoreFilesResult(input.First, results.Count, results.Count(r => !r.Succeeded), results.Sum(r => r.CreatedVersions.Count), results.Sum(r => r.UploadedBytes));
    }
}
