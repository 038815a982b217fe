using AccBackup.AccRestore;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.Runs.Activities;

namespace AccBackup.AccRestore.Activities;

/// <summary>Plans the restore against ACC and keeps the plan as a blob written once; a repeat returns that plan, and a restore
/// that finished returns its record's plan (then nothing more is done).</summary>
public sealed class PlanRestoreActivity(AccRestorePlanner planner, RestoreRecord record) : IRunActivity<AccRestoreRequest, RestorePlanSummary>
{
    /// <inheritdoc />
    public async Task<RestorePlanSummary> RunAsync(AccRestoreRequest input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await record.ReadAsync(input.RestoreId, cancellationToken).ConfigureAwait(false) is { } finished)
        {
            return RestorePlanSummary.Of(finished.Plan, alreadyFinished: true);
        }

        var planBlob = RestoreRecord.PlanBlob(input.RestoreId);
        var plan = await record.ReadJsonAsync<AccRestorePlan>(planBlob, cancellationToken).ConfigureAwait(false)
            ?? await record.WriteJsonOnceAsync(planBlob, await planner.PlanAsync(input, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
        return RestorePlanSummary.Of(plan, alreadyFinished: false);
    }
}
