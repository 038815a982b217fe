using AccBackup.Runs.Scheduling;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs;

/// <summary>Runs one backup in this process: the CLI's engine. It drives the same <see cref="RunSchedule"/> and the same
/// activities as the Durable orchestrator (src/Durable), through one sliding window of at most
/// <see cref="Backup.BackupOptions.MaxActivitiesInFlight"/> activities.</summary>
public sealed partial class BackupRunner(
    RunPreparer preparer, FolderWaveLister lister, ChunkCopier copier, ProjectIssueExporter issues, Proof.StoredBlobProver prover, ManifestAssembler assembler,
    IOptions<Backup.BackupOptions> options, TimeProvider time,
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
        var runId = request.RunId ?? Manifest.RunLayout.NewRunId(startedAt);
        var prepared = await preparer.PrepareAsync(new RunPreparationInput(runId, startedAt, request), cancellationToken).ConfigureAwait(false);
        if (prepared.ContainerProblem is { } problem)
        {
            RunSummaryLog.Failed(summaryLog, runId, (time.GetUtcNow() - startedAt).TotalSeconds, 0, problem.Code);
            throw new BackupContainerException(problem);
        }

        var plan = RunPlans.For(prepared, request, settings.IncludeHidden, settings.FoldersPerListing, settings.Versions);
        var schedule = RunSchedule.Start(plan, prepared.Projects);
        var payloads = new PayloadMeter();
        var live = new LiveFileProgress(progress);
        live.Report(schedule.Progress("listing"));

        using var abort = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var inFlight = new Dictionary<Task<WorkOutcome>, ScheduledWork>();
        try
        {
            while (true)
            {
                foreach (var work in schedule.Next(settings.MaxActivitiesInFlight - inFlight.Count))
                {
                    payloads.Input(work);
                    inFlight.Add(RunWithAttemptsAsync(work, live.For(work.Id), abort.Token), work);
                }

                if (inFlight.Count == 0)
                {
                    break;
                }

                var finished = await Task.WhenAny(inFlight.Keys).ConfigureAwait(false);
                inFlight.Remove(finished, out var done);
                var outcome = await finished.ConfigureAwait(false);
                live.Forget(done!.Id);
                payloads.Output(outcome);
                if (Apply(schedule, done!, outcome) == FailureVerdict.AbortRun)
                {
                    throw outcome.Error!;
                }

                live.Report(schedule.Progress());
            }
        }
        catch
        {
            // A fatal failure: stop the work still in flight before giving up, and say so where a finished run would.
            await abort.CancelAsync().ConfigureAwait(false);
            await ((Task)Task.WhenAll(inFlight.Keys)).ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
            RunSummaryLog.Failed(summaryLog, runId, (time.GetUtcNow() - startedAt).TotalSeconds, prepared.Projects.Count);
            throw;
        }

        live.Report(schedule.Progress("proving stored blobs"));
        Manifest.ProofSummary? proof = null;
        try
        {
            proof = request.DryRun ? null : await prover.ProveAsync(
                new Proof.ProofInput(runId, startedAt, prepared.LatestRunId ?? prepared.PreviousRunId), cancellationToken).ConfigureAwait(false);
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
            new ManifestAssemblyInput(runId, startedAt, prepared.Projects.Count, tally.FoldersListed + tally.FoldersCarried, schedule.FailedProjects(),
                [.. prepared.Projects.Select(p => p.Id)], prepared.ListingMode, prepared.PreviousRunId, prepared.LastFullListingAt, request.DryRun, prepared.LatestRunId,
                schedule.IssueTotals(), proof),
            cancellationToken).ConfigureAwait(false);
        progress?.Report(ManifestProgress(manifest.Summary, tally));
        return new BackupRunResult(manifest.Summary, manifest, new RunStatistics(tally.ListingsStarted, tally.CopiesStarted, payloads.Largest));
    }

    private FailureVerdict Apply(RunSchedule schedule, ScheduledWork work, WorkOutcome outcome)
    {
        if (outcome.Error is { } error)
        {
            Log.WorkFailed(logger, schedule.State.Plan.RunId, work.Project.Name, work.What, error.Message);
            return schedule.Failed(work, WorkFailure.From(error));
        }

        if (outcome.Listed is { } listed)
        {
            schedule.Listed(work, listed);
        }
        else if (outcome.Issues is { } exported)
        {
            schedule.IssuesExported(work, exported);
        }
        else
        {
            schedule.Copied(work, outcome.Copied!);
        }

        return FailureVerdict.Recorded;
    }

    private static BackupProgress ManifestProgress(Manifest.ManifestSummary s, RunTally tally) =>
        new(s.RunId, "done", s.Projects, s.Projects, s.Folders, s.Files, s.Copied, s.Unchanged, s.NoContent, s.Failed, tally.BytesCopied, tally.BytesFound, s.SizeMismatchCount)
        {
            FilesPlanned = s.Planned,
        };

    private async Task<WorkOutcome> RunWithAttemptsAsync(ScheduledWork work, IProgress<Manifest.ManifestEntry>? onFile, CancellationToken cancellationToken)
    {
        // The CLI's counterpart of the orchestration's retry policy (ActivityRetry): the same attempts and delays;
        // activities are idempotent, and failures retrying can't fix are not retried.
        var retry = ActivityRetry.From(options.Value);
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return work switch
                {
                    { Listing: { } listing } => new WorkOutcome(await lister.ListAsync(listing, cancellationToken).ConfigureAwait(false), null, null),
                    { Issues: { } export } => new WorkOutcome(null, null, null, await issues.ExportAsync(export, cancellationToken).ConfigureAwait(false)),
                    _ => new WorkOutcome(null, await copier.CopyAsync(work.Copy!, cancellationToken, onFile).ConfigureAwait(false), null),
                };
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && retry.ShouldRetry(attempt, WorkFailure.From(e).ErrorType))
            {
                await Task.Delay(retry.DelayBefore(attempt + 1), time, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested)
            {
                return new WorkOutcome(null, null, e);
            }
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 4003, Level = LogLevel.Error, Message = "Backup run {RunId}: {What} of project {Project} failed after retries: {Reason}")]
        public static partial void WorkFailed(ILogger logger, string runId, string project, string what, string reason);

        [LoggerMessage(EventId = 4012, Level = LogLevel.Warning, Message = "Backup run {RunId}: the proof of stored blobs failed ({Reason}); the manifest is written without it")]
        public static partial void ProofFailed(ILogger logger, string runId, string reason);
    }

    private sealed record WorkOutcome(FolderWaveResult? Listed, ChunkCopyResult? Copied, Exception? Error, IssueExportSummary? Issues = null);

    /// <summary>Measures every activity input and output as the orchestration would serialize them.</summary>
    private sealed class PayloadMeter
    {
        public int Largest { get; private set; }

        public void Input(ScheduledWork work) => Measure(work switch
        {
            { Listing: { } l } => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(l, RunJsonContext.Default.FolderWaveInput).Length,
            { Issues: { } i } => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(i, RunJsonContext.Default.IssueExportInput).Length,
            _ => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(work.Copy!, RunJsonContext.Default.ChunkCopyInput).Length,
        });

        public void Output(WorkOutcome outcome) => Measure(outcome switch
        {
            { Listed: { } l } => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(l, RunJsonContext.Default.FolderWaveResult).Length,
            { Copied: { } c } => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(c, RunJsonContext.Default.ChunkCopyResult).Length,
            { Issues: { } i } => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(i, RunJsonContext.Default.IssueExportSummary).Length,
            _ => 0,
        });

        private void Measure(int bytes) => Largest = Math.Max(Largest, bytes);
    }
}

/// <summary>What a finished run produced.</summary>
public sealed record BackupRunResult(Manifest.ManifestSummary Summary, Manifest.LatestRun Manifest, RunStatistics Statistics);

/// <summary>How much orchestration a run took: what bounds a durable history.</summary>
/// <param name="LargestPayloadBytes">The largest activity input or output, as JSON.</param>
public sealed record RunStatistics(int ListingActivities, int CopyActivities, int LargestPayloadBytes);
