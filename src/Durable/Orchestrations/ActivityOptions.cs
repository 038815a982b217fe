using AccBackup.Runs;
using Microsoft.DurableTask;

namespace AccBackup.Durable.Orchestrations;

/// <summary>The orchestration side of <see cref="ActivityRetry"/>: the same attempts and delays as the CLI's runner, and no
/// retry of what retrying can't fix (rejected credentials, a reused run id).</summary>
internal static class ActivityOptions
{
    /// <summary>Task options that retry an activity as <see cref="ActivityRetry"/> says, waiting on durable timers.</summary>
    public static TaskOptions Retrying(int attempts)
    {
        var retry = new ActivityRetry(attempts, TimeSpan.FromSeconds(2));
        return TaskOptions.FromRetryHandler(async context =>
        {
            if (!retry.ShouldRetry(context.LastAttemptNumber, context.LastFailure.ErrorType))
            {
                return false;
            }

            var orchestration = context.OrchestrationContext;
            await orchestration.CreateTimer(orchestration.CurrentUtcDateTime + retry.DelayBefore(context.LastAttemptNumber + 1), CancellationToken.None);
            return true;
        });
    }
}
