using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using AccBackup.Runs.Activities;
using AccBackup.Runs.BackupContainer;
using AccBackup.Runs.Scheduling;
using AccBackup.Runs.State;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs.InProcess;

/// <summary>Runs one backup in this process: the CLI's engine. It drives the same <see cref="RunSchedule"/> and the same
/// activities as the Durable orchestration (src/Durable), through <see cref="ScheduleDriver"/> with one window of at most
/// <see cref="Backup.Settings.BackupOptions.MaxActivitiesInFlight"/> listing and copy activities, and
/// <see cref="Backup.Settings.BackupOptions.ExportsPerModule"/> exports of each module beside it; what it adds is how an activity runs here (in this
/// process, retried as <see cref="ActivityRetry"/> says, each copied file reported as it ends).</summary>
public sealed partial class BackupRunner(
    PrepareRunActivity preparer, ProveStoredBlobsActivity prover, AssembleManifestActivity assembler, IServiceProvider activities,
    IOptions<Backup.Settings.BackupOptions> options, TimeProvider time,
    ILogger<BackupRunner> logger, ILoggerFactory loggers)
{
    private readonly ILogger summaryLog = loggers.CreateLogger(RunSummaryLog.Category);

    /// <summary>Backs up the selected projects and writes the run's manifest.</summary>
    /// <exception cref="Acc.ApsAuthenticationException">APS rejected the credentials: nothing could be backed up.</exception>
    /// <exception cref="RunAlreadyExistsException">The run id asked for was used by a finished run.</exception>
    /// <exception cref="BackupContainerException">The backup container can't take the run (gone, or without the retention asked for).</exception>
    public async Task<BackupRunResult> RunAsync(BackupRunRequest request, IProgress<BackupProgress>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var settings = options.Value;
        var startedAt = time.GetUtcNow();
        var runId = request.RunId ?? Manifest.Catalog.RunId.New(startedAt).Value;
        var prepared = await preparer.PrepareAsync(new PrepareRunInput(runId, startedAt, request), cancellationToken).ConfigureAwait(false);
        if (prepared.ContainerProblem is { } problem)
        {
            RunSummaryLog.Failed(summaryLog, runId, (time.GetUtcNow() - startedAt).TotalSeconds, 0, problem.Code);
            throw new BackupContainerException(problem);
        }

        var plan = RunPlans.For(prepared, request);
        var schedule = RunSchedule.Start(plan, prepared.Projects, exportsPerModule: settings.ExportsPerModule);
        var live = new LiveFileProgress(progress);
        live.Report(schedule.Progress("listing"));

        using var abort = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var runner = new InProcessActivities(activities, ActivityRetry.From(settings), time, logger, schedule, live, abort.Token);
        try
        {
            if ((await ScheduleDriver.DriveAsync(schedule, runner, settings.MaxActivitiesInFlight).ConfigureAwait(false)).Abort is { } fatal)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(fatal.Exception!);
            }
        }
        catch
        {
            // A fatal failure: stop the work still in flight before giving up, and say so where a finished run would.
            await abort.CancelAsync().ConfigureAwait(false);
            await ((Task)Task.WhenAll(runner.Started)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            RunSummaryLog.Failed(summaryLog, runId, (time.GetUtcNow() - startedAt).TotalSeconds, prepared.Projects.Count);
            throw;
        }

        live.Report(schedule.Progress("proving stored blobs"));
        Manifest.ProofSummary? proof = null;
        try
        {
            proof = request.DryRun ? null : await prover.ProveAsync(ProveStoredBlobsInput.For(prepared), cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is Azure.RequestFailedException or IOException or HttpRequestException or TimeoutException)
        {
            // As in the orchestrator: the proof checks what earlier nights stored, and its failure costs tonight's proof, never
            // the manifest of what was copied (the prover itself records every blob's problem; this is storage failing whole).
            Log.ProofFailed(logger, runId, e.Message);
        }

        live.Report(schedule.Progress("writing manifest"));
        var tally = schedule.State.Tally;
        var manifest = await assembler.WriteAsync(
            AssembleManifestInput.For(prepared, request.DryRun, tally, schedule.FailedProjects(), schedule.IssueTotals(), proof), cancellationToken).ConfigureAwait(false);
        progress?.Report(ManifestProgress(manifest.Summary, tally));
        return new BackupRunResult(manifest.Summary, manifest, new RunStatistics(tally.ListingsStarted, tally.CopiesStarted, runner.LargestPayload));
    }

    private static BackupProgress ManifestProgress(Manifest.ManifestSummary s, RunTally tally) =>
        new(s.RunId, "done", s.Projects, s.Projects, s.Folders, s.Files, s.Copied, s.Unchanged, s.NoContent, s.Failed, tally.BytesCopied, tally.BytesFound, s.SizeMismatchCount)
        {
            FilesPlanned = s.Planned,
        };

    private static partial class Log
    {
        [LoggerMessage(EventId = 4003, Level = LogLevel.Error, Message = "Backup run {RunId}: {What} of project {Project} failed after retries: {Reason}")]
        public static partial void WorkFailed(ILogger logger, string runId, string project, string what, string reason);

        [LoggerMessage(EventId = 4012, Level = LogLevel.Warning, Message = "Backup run {RunId}: the proof of stored blobs failed ({Reason}); the manifest is written without it")]
        public static partial void ProofFailed(ILogger logger, string runId, string reason);
    }

    /// <summary>How an activity runs in this process: resolved from the services, retried as the orchestration's policy
    /// (<see cref="ActivityRetry"/>: the same attempts and delays; activities are idempotent, and failures retrying can't fix are
    /// not retried), a copy's files reported as they end; every input and output measured as the orchestration would serialize it.</summary>
    private sealed class InProcessActivities(
        IServiceProvider activities, ActivityRetry retry, TimeProvider time, ILogger logger, RunSchedule schedule, LiveFileProgress live, CancellationToken cancellationToken)
        : IActivityRunner
    {
        private readonly List<Task<WorkOutcome>> started = [];

        public int LargestPayload { get; private set; }

        /// <summary>Every activity started, ended or not: what a failing run waits for after cancelling them.</summary>
        public IReadOnlyList<Task<WorkOutcome>> Started => started;

        public Task<WorkOutcome> RunAsync<TActivity, TInput, TResult>(ScheduledWork work, TInput input)
            where TActivity : IRunActivity<TInput, TResult>
            where TResult : notnull
        {
            var run = RunWithAttemptsAsync<TActivity, TInput, TResult>(work, input);
            started.Add(run);
            return run;
        }

        private async Task<WorkOutcome> RunWithAttemptsAsync<TActivity, TInput, TResult>(ScheduledWork work, TInput input)
            where TActivity : IRunActivity<TInput, TResult>
            where TResult : notnull
        {
            Measure(input!);
            var activity = ActivatorUtilities.GetServiceOrCreateInstance<TActivity>(activities);
            var onFile = activity is CopyChunkActivity ? live.For(work.Id) : null;
            for (var attempt = 1; ; attempt++)
            {
                try
                {
                    return WorkOutcome.Succeeded(activity is CopyChunkActivity copier && input is CopyChunkInput chunk
                        ? await copier.CopyAsync(chunk, cancellationToken, onFile).ConfigureAwait(false)
                        : await activity.RunAsync(input, cancellationToken).ConfigureAwait(false));
                }
                catch (Exception e) when (!cancellationToken.IsCancellationRequested && retry.ShouldRetry(attempt, WorkFailure.From(e).ErrorType))
                {
                    await Task.Delay(retry.DelayBefore(attempt + 1), time, cancellationToken).ConfigureAwait(false);
                }
                catch (Exception e) when (!cancellationToken.IsCancellationRequested)
                {
                    Log.WorkFailed(logger, schedule.State.Plan.RunId, work.Project.Name, work.What, e.Message);
                    return WorkOutcome.Failed(e);
                }
            }
        }

        public void Reported(ScheduledWork work, WorkOutcome outcome)
        {
            live.Forget(work.Id);
            if (outcome.Result is { } result)
            {
                Measure(result);
            }

            live.Report(schedule.Progress());
        }

        // The run's records as RunJsonContext writes them; an activity's records it does not list yet, by reflection with the same options.
        private static readonly JsonSerializerOptions PayloadJson = new(RunJsonContext.Default.Options)
        {
            TypeInfoResolver = JsonTypeInfoResolver.Combine(RunJsonContext.Default, new DefaultJsonTypeInfoResolver()),
        };

        // Single-threaded: inputs are measured as work starts and results as they are reported, both on the driver's loop.
        private void Measure(object payload) =>
            LargestPayload = Math.Max(LargestPayload, JsonSerializer.SerializeToUtf8Bytes(payload, payload.GetType(), PayloadJson).Length);
    }
}

/// <summary>What a finished run produced.</summary>
public sealed record BackupRunResult(Manifest.ManifestSummary Summary, Manifest.Catalog.LatestRun Manifest, RunStatistics Statistics);

/// <summary>How much orchestration a run took: what bounds a durable history.</summary>
/// <param name="LargestPayloadBytes">The largest activity input or output, as JSON.</param>
public sealed record RunStatistics(int ListingActivities, int CopyActivities, int LargestPayloadBytes);
