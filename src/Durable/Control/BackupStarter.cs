using AccBackup.Backup.Settings;
using AccBackup.Durable.Orchestrations;
using AccBackup.Runs;
using Microsoft.DurableTask;
using Microsoft.DurableTask.Client;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Durable.Control;

/// <summary>Starts a backup run unless that run exists already or another run is still going: one run at a time, never two for one night.</summary>
/// <remarks>Atomic: the run is scheduled only once it holds the <see cref="ActiveRunClaim"/>, so starts at the same moment
/// (a timer fire and a POST, or two POSTs) schedule one run between them.</remarks>
public sealed partial class BackupStarter(ActiveRunClaim claim, IOptions<BackupOptions> options, ILogger<BackupStarter> logger)
{
    /// <summary>The runtime statuses of a run still going.</summary>
    internal static readonly OrchestrationRuntimeStatus[] Active =
        [OrchestrationRuntimeStatus.Running, OrchestrationRuntimeStatus.Pending, OrchestrationRuntimeStatus.Suspended];

    /// <summary>Schedules run <paramref name="runId"/>, or says why it did not.</summary>
    public async Task<StartResult> StartAsync(DurableTaskClient client, string runId, BackupRunRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        ArgumentNullException.ThrowIfNull(request);
        if (await client.GetInstanceAsync(runId, cancellationToken).ConfigureAwait(false) is { } existing)
        {
            var status = existing.RuntimeStatus.ToString();
            Log.AlreadyExists(logger, runId, status);
            return new StartResult(StartOutcome.AlreadyExists, runId, status);
        }

        if (await claim.TakeAsync(client, runId, cancellationToken).ConfigureAwait(false) is { } holder)
        {
            if (holder.RunId == runId)
            {
                Log.AlreadyExists(logger, runId, holder.RuntimeStatus);
                return new StartResult(StartOutcome.AlreadyExists, runId, holder.RuntimeStatus);
            }

            Log.OtherRunGoing(logger, runId, holder.RunId, holder.RuntimeStatus);
            return new StartResult(StartOutcome.RunInProgress, holder.RunId, holder.RuntimeStatus);
        }

        var input = new BackupRunInput(request with { RunId = runId }, OrchestrationSettings.From(options.Value));
        await client.ScheduleNewOrchestrationInstanceAsync(BackupRunOrchestrator.Name, input, new StartOrchestrationOptions(runId), cancellationToken).ConfigureAwait(false);
        Log.Started(logger, runId);
        return new StartResult(StartOutcome.Started, runId, nameof(OrchestrationRuntimeStatus.Pending));
    }

    /// <summary>A backup run (not a project sub-orchestration) that is pending, running or suspended.</summary>
    public static async Task<OrchestrationMetadata?> FindActiveRunAsync(DurableTaskClient client, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        var query = new OrchestrationQuery { Statuses = Active, PageSize = 100 };
        await foreach (var instance in client.GetAllInstancesAsync(query).WithCancellation(cancellationToken).ConfigureAwait(false))
        {
            if (instance.Name == BackupRunOrchestrator.Name)
            {
                return instance;
            }
        }

        return null;
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5201, Level = LogLevel.Information, Message = "Backup run {RunId} scheduled")]
        public static partial void Started(ILogger logger, string runId);

        /// <summary>Expected (the timer fired again the same night, a start was repeated): nothing to look at.</summary>
        [LoggerMessage(EventId = 5203, Level = LogLevel.Information, Message = "Backup run {RunId} not started: it exists already ({Status})")]
        public static partial void AlreadyExists(ILogger logger, string runId, string status);

        /// <summary>A run still going when another is due is worth a look (a run longer than the time between two).</summary>
        [LoggerMessage(EventId = 5202, Level = LogLevel.Warning, Message = "Backup run {RunId} not started: run {ActiveRunId} is still going ({Status})")]
        public static partial void OtherRunGoing(ILogger logger, string runId, string activeRunId, string status);
    }
}

/// <summary>What a start request did.</summary>
public enum StartOutcome
{
    /// <summary>The run was scheduled.</summary>
    Started,

    /// <summary>A run with that id exists (e.g. tonight's already started): nothing was started.</summary>
    AlreadyExists,

    /// <summary>Another run is still going: nothing was started.</summary>
    RunInProgress,
}

/// <summary>The outcome of a start request; <see cref="RunId"/> is the run started, found, or still going.</summary>
public sealed record StartResult(StartOutcome Outcome, string RunId, string RuntimeStatus);
