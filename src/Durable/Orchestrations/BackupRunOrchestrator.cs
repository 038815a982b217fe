using System.Globalization;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccBackup.Runs.BackupContainer;
using AccBackup.Runs.Scheduling;
using Microsoft.DurableTask;
using Microsoft.Extensions.Logging;

namespace AccBackup.Durable.Orchestrations;

/// <summary>One backup run: prepare → two sub-orchestrations per project (its files, its exports; a sliding window of each)
/// → the proof of stored blobs → the manifest.</summary>
/// <remarks>
/// The run id is the instance id. Its history holds a few events per project, never per folder or file: the projects'
/// own work lives in <see cref="ProjectBackupOrchestrator"/> instances, the files' (<c>{runId}:p{n}</c>, with the modules
/// that read their listing) and the exports' (<c>{runId}:e{n}</c>: issues and the other modules). The window of
/// Backup:MaxActivitiesInFlight activities is shared out among the projects whose files run at once; the exports of
/// Backup:ExportsPerModule projects run beside them, each module on its own quotas.
/// </remarks>
public sealed partial class BackupRunOrchestrator : TaskOrchestrator<BackupRunInput, BackupRunOutcome>
{
    /// <summary>The name it is registered and started by.</summary>
    public const string Name = "BackupRun";

    /// <inheritdoc />
    public override async Task<BackupRunOutcome> RunAsync(TaskOrchestrationContext context, BackupRunInput input)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(input);
        var startedAt = new DateTimeOffset(context.CurrentUtcDateTime, TimeSpan.Zero);
        var tally = new RunTally();
        try
        {
            return await BackUpAsync(context, input, startedAt, tally);
        }
        catch (Exception e) when (e is BackupRunAbortedException or TaskFailedException)
        {
            // No manifest will say how the run ended: its summary trace does (Status Failed), so tonight's alert fires.
            var seconds = (context.CurrentUtcDateTime - startedAt.UtcDateTime).TotalSeconds;
            RunSummaryLog.Failed(context.CreateReplaySafeLogger(RunSummaryLog.Category), context.InstanceId, seconds, tally.ProjectsTotal);

            // The status says why, in the exception's own words (they name the setting to fix): a Functions host reports a
            // failed instance's reason only as its output, not as failure details.
            context.SetCustomStatus(new RunStatus(tally.ToProgress(context.InstanceId, "failed"), 0) { Failure = FailureOf(e) });
            throw;
        }
        catch (BackupContainerException e)
        {
            // The container is gone or unprotected: the run fails before any copy, and its summary says which (ContainerProblem).
            var seconds = (context.CurrentUtcDateTime - startedAt.UtcDateTime).TotalSeconds;
            RunSummaryLog.Failed(context.CreateReplaySafeLogger(RunSummaryLog.Category), context.InstanceId, seconds, 0, e.Problem);
            context.SetCustomStatus(new RunStatus(tally.ToProgress(context.InstanceId, "failed"), 0) { Failure = e.Message });
            throw;
        }
    }

    private static async Task<BackupRunOutcome> BackUpAsync(TaskOrchestrationContext context, BackupRunInput input, DateTimeOffset startedAt, RunTally tally)
    {
        var logger = context.CreateReplaySafeLogger<BackupRunOrchestrator>();
        var settings = input.Settings;
        var runId = context.InstanceId;
        var retrying = ActivityOptions.Retrying(settings.ActivityAttempts);
        context.SetCustomStatus(new RunStatus(tally.ToProgress(runId, "preparing"), 0));

        var prepared = await AbortOnFatal(context.PrepareRunAsync(new PrepareRunInput(runId, startedAt, input.Request), retrying));
        if (prepared.ContainerProblem is { } problem)
        {
            throw new BackupContainerException(problem);
        }

        var plan = RunPlans.For(prepared, input.Request);
        tally.ProjectsTotal = prepared.Projects.Count;
        Log.Started(logger, runId, prepared.Projects.Count, prepared.ListingMode);

        var failures = new List<ProjectFailure>();
        var issueFailures = new List<ProjectFailure>();
        var running = new Dictionary<Task<ProjectBackupOutcome?>, int>();
        var runningKeys = new Dictionary<Task<ProjectBackupOutcome?>, int>();
        var exporting = new Dictionary<Task<ProjectBackupOutcome?>, int>();
        var partsLeft = new Dictionary<int, int>();
        var split = settings.ExportsPerModule > 0 && HasExports(plan);
        var windows = new ProjectWindows(settings.MaxActivitiesInFlight, Math.Min(settings.ProjectsInParallel, Math.Max(1, prepared.Projects.Count)));
        var next = 0;
        var nextExports = split ? 0 : prepared.Projects.Count;
        var largestProjectGeneration = 0;
        while (next < prepared.Projects.Count || nextExports < prepared.Projects.Count || running.Count > 0 || exporting.Count > 0)
        {
            while (next < prepared.Projects.Count && windows.TryTake(prepared.Projects.Count - next, out var window))
            {
                var key = next++;
                var project = new ProjectBackupInput(plan, prepared.Projects[key], key, window, settings, Parts: split ? RunScheduleParts.Files : RunScheduleParts.All);
                var options = new SubOrchestrationOptions(retrying, RunId.Parse(runId).ProjectInstance(key));
                var call = context.CallSubOrchestratorAsync<ProjectBackupOutcome?>(ProjectBackupOrchestrator.Name, project, options);
                running.Add(call, window);
                runningKeys.Add(call, key);
                partsLeft.TryAdd(key, split ? 2 : 1);
            }

            // A project's exports run in their own sub-orchestration, Backup:ExportsPerModule projects at once: they wait on
            // their modules' quotas, never on the files' window, and the files never wait on them.
            while (nextExports < prepared.Projects.Count && exporting.Count < settings.ExportsPerModule)
            {
                var key = nextExports++;
                var project = new ProjectBackupInput(plan, prepared.Projects[key], key, 0, settings, Parts: RunScheduleParts.Exports);
                var options = new SubOrchestrationOptions(retrying, RunId.Parse(runId).ProjectExportsInstance(key));
                exporting.Add(context.CallSubOrchestratorAsync<ProjectBackupOutcome?>(ProjectBackupOrchestrator.Name, project, options), key);
                partsLeft.TryAdd(key, 2);
            }

            context.SetCustomStatus(new RunStatus(tally.ToProgress(runId, running.Count > 0 ? "listing and copying" : "exporting"), running.Count)
            {
                RunningProjects = [.. runningKeys.Values.Order()],
            });
            var finished = await Task.WhenAny(running.Keys.Concat(exporting.Keys));
            int finishedKey;
            if (running.Remove(finished, out var freed))
            {
                runningKeys.Remove(finished, out finishedKey);
                windows.Return(freed);
            }
            else
            {
                exporting.Remove(finished, out finishedKey);
            }

            var outcome = await Unwrap(finished);
            largestProjectGeneration = Math.Max(largestProjectGeneration, outcome!.LargestGenerationTasks);
            outcome.Tally.ProjectsTotal = 0; // the run counts its projects once, from the preparation
            outcome.Tally.ProjectsDone = 0; // and each once, when its last part ended
            tally.Add(outcome.Tally);
            if (--partsLeft[finishedKey] == 0)
            {
                tally.ProjectsDone++;
            }

            if (outcome.Failure is { } failure)
            {
                failures.Add(failure);
            }

            if (outcome.IssuesFailure is { } issuesFailure)
            {
                issueFailures.Add(issuesFailure);
            }
        }

        context.SetCustomStatus(new RunStatus(tally.ToProgress(runId, "proving stored blobs"), 0));
        ProofSummary? proof = null;
        try
        {
            proof = input.Request.DryRun ? null : await AbortOnFatal(context.ProveStoredBlobsAsync(ProveStoredBlobsInput.For(prepared), retrying));
        }
        catch (TaskFailedException e)
        {
            // The proof checks what earlier nights stored; tonight's copies are done. Its failure (a timeout on a huge slice,
            // storage unreachable for every retry) costs tonight's proof, never the manifest of what was copied.
            Log.ProofFailed(logger, runId, e.FailureDetails.ErrorMessage);
        }

        context.SetCustomStatus(new RunStatus(tally.ToProgress(runId, "writing manifest"), 0));
        var assembly = AssembleManifestInput.For(prepared, input.Request.DryRun, tally, failures, tally.ToIssuesSummary(issueFailures), proof);
        var result = await AbortOnFatal(context.AssembleManifestAsync(assembly, retrying)) with
        {
            ListingActivities = tally.ListingsStarted,
            CopyActivities = tally.CopiesStarted,
            LargestExecutionTasks = Math.Max(largestProjectGeneration, prepared.Projects.Count + 3),
        };
        context.SetCustomStatus(new RunStatus(result.Settle(tally.ToProgress(runId, "done")), 0));
        return result;
    }

    /// <summary>Whether the plan exports anything a project's files' sub-orchestration does not: issues, or a module that does
    /// not read the listed tree.</summary>
    private static bool HasExports(RunPlan plan) => plan.ExportIssues || (plan.Modules ?? []).Any(m => !Modules.ModuleNames.ReadListedTree.Contains(m));

    /// <summary>An activity's call, where a failure that ends the run surfaces as <see cref="BackupRunAbortedException"/> with its own message.</summary>
    private static async Task<T> AbortOnFatal<T>(Task<T> call)
    {
        try
        {
            return await call;
        }
        catch (TaskFailedException e) when (WorkFailure.IsFatalType(e.FailureDetails.ErrorType))
        {
            throw new BackupRunAbortedException(e.FailureDetails.ErrorMessage);
        }
    }

    /// <summary>The reason a run failed: an abort's own message, or the innermost failure of a task that failed.</summary>
    private static string FailureOf(Exception e)
    {
        if (e is not TaskFailedException failed)
        {
            return e.Message;
        }

        var details = failed.FailureDetails;
        while (details.InnerFailure is { } inner)
        {
            details = inner;
        }

        return $"{failed.TaskName} failed: {details.ErrorMessage}";
    }

    private static async Task<ProjectBackupOutcome?> Unwrap(Task<ProjectBackupOutcome?> project)
    {
        try
        {
            return await project;
        }
        catch (TaskFailedException e) when (e.FailureDetails.InnerFailure is { } inner && inner.ErrorType == typeof(BackupRunAbortedException).FullName)
        {
            throw new BackupRunAbortedException(inner.ErrorMessage);
        }
        catch (TaskFailedException e) when (e.FailureDetails.ErrorType == typeof(BackupRunAbortedException).FullName)
        {
            throw new BackupRunAbortedException(e.FailureDetails.ErrorMessage);
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 5001, Level = LogLevel.Information, Message = "Backup run {RunId} orchestrating {Projects} projects, listing {ListingMode}")]
        public static partial void Started(ILogger logger, string runId, int projects, string listingMode);

        [LoggerMessage(EventId = 5003, Level = LogLevel.Warning, Message = "Backup run {RunId}: the proof of stored blobs failed ({Reason}); the manifest is written without it")]
        public static partial void ProofFailed(ILogger logger, string runId, string reason);
    }
}
