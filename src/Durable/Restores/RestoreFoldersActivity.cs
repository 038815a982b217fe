using AccBackup.AccRestore;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Restores;

/// <summary>Checks the rights on every target folder (a missing one fails the restore before any write, naming folder and right),
/// then restores and creates the folders, parents first, and keeps their ids as a blob written once; a repeat returns those.</summary>
public sealed class RestoreFoldersActivity(AccRestoreExecutor executor, RestoreRecord record, IHostApplicationLifetime lifetime)
    : TaskActivity<string, int>
{
    /// <inheritdoc />
    public override async Task<int> RunAsync(TaskActivityContext context, string input)
    {
        var ct = lifetime.ApplicationStopping;
        if (await record.ReadJsonAsync<Dictionary<string, string>>(RestoreRecord.FoldersBlob(input), ct).ConfigureAwait(false) is { } done)
        {
            return done.Count;
        }

        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(input), ct).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"Restore {input} has no plan blob ({RestoreRecord.PlanBlob(input)}).");
        await executor.CheckPermissionsAsync(plan, plan.ProjectNames, ct).ConfigureAwait(false);
        var ids = await executor.ApplyFoldersAsync(plan, ct).ConfigureAwait(false);
        return (await record.WriteJsonOnceAsync(RestoreRecord.FoldersBlob(input), ids, ct).ConfigureAwait(false)).Count;
    }
}
