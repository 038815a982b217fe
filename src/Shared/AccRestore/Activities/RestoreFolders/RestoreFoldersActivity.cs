using AccBackup.AccRestore.Executing;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.Runs.Activities;

namespace AccBackup.AccRestore.Activities;

/// <summary>Checks the rights on every target folder (a missing one fails the restore before any write, naming folder and right),
/// then restores and creates the folders, parents first, and keeps their ids as a blob written once; a repeat returns those. Returns how many target folders the restore has.</summary>
public sealed class RestoreFoldersActivity(AccRestoreExecutor executor, RestoreRecord record) : IRunActivity<RestoreFoldersInput, int>
{
    /// <inheritdoc />
    public async Task<int> RunAsync(RestoreFoldersInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        var id = input.RestoreId;
        if (await record.ReadJsonAsync<Dictionary<string, string>>(RestoreRecord.FoldersBlob(id), cancellationToken).ConfigureAwait(false) is { } done)
        {
            return done.Count;
        }

        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(id), cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"Restore {id} has no plan blob ({RestoreRecord.PlanBlob(id)}).");
        await executor.CheckPermissionsAsync(plan, plan.ProjectNames, cancellationToken).ConfigureAwait(false);
        var ids = await executor.ApplyFoldersAsync(plan, cancellationToken).ConfigureAwait(false);
        return (await record.WriteJsonOnceAsync(RestoreRecord.FoldersBlob(id), ids, cancellationToken).ConfigureAwait(false)).Count;
    }
}
