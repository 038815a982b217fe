using AccBackup.AccRestore;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Restores;

/// <summary>Plans the restore against ACC and keeps the plan as a blob written once; a repeat returns that plan, and a restore
/// that finished returns its record's plan (then nothing more is done).</summary>
public sealed class PlanRestoreActivity(AccRestorePlanner planner, RestoreRecord record, IHostApplicationLifetime lifetime)
    : TaskActivity<AccRestoreRequest, RestorePlanSummary>
{
    /// <inheritdoc />
    public override async Task<RestorePlanSummary> RunAsync(TaskActivityContext context, AccRestoreRequest input)
    {
        ArgumentNullException.ThrowIfNull(input);
        var ct = lifetime.ApplicationStopping;
        if (await record.ReadAsync(input.RestoreId, ct).ConfigureAwait(false) is { } finished)
        {
            return RestorePlanSummary.Of(finished.Plan, alreadyFinished: true);
        }

        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(input.RestoreId), ct).ConfigureAwait(false)
            ?? await record.WriteJsonOnceAsync(RestoreRecord.PlanBlob(input.RestoreId), await planner.PlanAsync(input, ct).ConfigureAwait(false), ct).ConfigureAwait(false);
        return RestorePlanSummary.Of(plan, alreadyFinished: false);
    }
}
