using AccBackup.AccRestore;
using AccBackup.AccRestore.Target;
using AccBackup.Durable.Control;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Restores;

/// <summary>Starts a restore orchestration unless it would run into a backup, or beside another restore of the same target project.</summary>
/// <remarks>A backup run covers every project it backs up while it runs, so any running backup refuses the restore. Two restores
/// refuse each other when their target projects may be the same: the target's project, else the selection's project, else every one.
/// The checks read the instances, then schedule: two starts at the same moment can both pass (a claim blob would close that).</remarks>
public static class RestoreStarter
{
    /// <summary>Schedules <paramref name="input"/>'s restore, or says what is in the way.</summary>
    public static async Task<RestoreStartResult> StartAsync(DurableTaskClient client, AccRestoreInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(input);
        var id = input.Request.RestoreId;
        if (await client.GetInstanceAsync(id, cancellationToken).ConfigureAwait(false) is { } existing)
        {
            return new RestoreStartResult(RestoreStartOutcome.AlreadyExists, id, $"restore {id} exists already ({existing.RuntimeStatus})");
        }

        if (await BackupStarter.FindActiveRunAsync(client, cancellationToken).ConfigureAwait(false) is { } backup)
        {
            return new RestoreStartResult(RestoreStartOutcome.BackupRunning, backup.InstanceId,
                $"backup run {backup.InstanceId} is {backup.RuntimeStatus}: a restore never runs into a backup of the same projects; start it when the run has ended");
        }

        var key = TargetKey(input.Request);
        var query = new OrchestrationQuery { Statuses = BackupStarter.Active, PageSize = 100, FetchInputsAndOutputs = true };
        await foreach (var instance in client.GetAllInstancesAsync(query).WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            if (instance.Name == AccRestoreOrchestrator.Name && instance.ReadInputAs<AccRestoreInput>() is { } other && Overlaps(key, TargetKey(other.Request)))
            {
                return new RestoreStartResult(RestoreStartOutcome.RestoreRunning, instance.InstanceId,
                    $"restore {instance.InstanceId} into the same project is {instance.RuntimeStatus}: one restore at a time per target project");
            }
        }

        await client.ScheduleNewOrchestrationInstanceAsync(AccRestoreOrchestrator.Name, input, new StartOrchestrationOptions(id), cancellationToken).ConfigureAwait(false);
        return new RestoreStartResult(RestoreStartOutcome.Started, id, "scheduled");
    }

    /// <summary>The project a restore writes into, lower-cased: the target's, else the selection's; "*" for every project.</summary>
    internal static string TargetKey(AccRestoreRequest request) =>
        (request.Target is { } target ? RestoreTargetPath.ParseTarget(target).Project : request.Project)?.Trim().ToLowerInvariant() ?? "*";

    private static bool Overlaps(string a, string b) => a == "*" || b == "*" || a == b;
}

/// <summary>What a restore start did.</summary>
public enum RestoreStartOutcome
{
    /// <summary>Scheduled.</summary>
    Started,

    /// <summary>A restore with that id exists.</summary>
    AlreadyExists,

    /// <summary>A backup run is going.</summary>
    BackupRunning,

    /// <summary>Another restore into the same project is going.</summary>
    RestoreRunning,
}

/// <summary>The outcome of a start; <see cref="InstanceId"/> is the restore started or what is in the way, <see cref="Detail"/> says why.</summary>
public sealed record RestoreStartResult(RestoreStartOutcome Outcome, string InstanceId, string Detail);
