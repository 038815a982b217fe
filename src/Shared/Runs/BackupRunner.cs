using AccBackup.Acc;
using AccBackup.Backup;
using AccBackup.Manifest;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs;

/// <summary>Runs one backup in this process by driving the run's activities through a sliding window.</summary>
/// <remarks>
/// The Durable orchestrator is meant to do exactly this with the same activities (see src/Functions/README.md for why
/// it does not exist yet): listings and copies overlap, at most <see cref="BackupOptions.MaxActivitiesInFlight"/> run at
/// once, and a slow one never idles the rest. Only references and counts pass between activities.
/// </remarks>
public sealed partial class BackupRunner(
    ProjectLister projects, FolderWaveLister lister, ChunkCopier copier, ManifestAssembler assembler, BlobContainer container,
    ManifestReader manifests, PreviousRunStateStore previousRuns, IOptions<BackupOptions> options, TimeProvider time, ILogger<BackupRunner> logger)
{
    /// <summary>Backs up the selected projects and writes the run's manifest.</summary>
    /// <exception cref="ApsAuthenticationException">APS rejected the credentials: nothing could be backed up.</exception>
    public async Task<BackupRunResult> RunAsync(BackupRunRequest request, IProgress<BackupProgress>? progress, CancellationToken cancellationToken)
    {
        var startedAt = time.GetUtcNow();
        var runId = request.RunId ?? RunLayout.NewRunId(startedAt);
        _ = ManifestLayout.Json(runId); // refuses a bad run id before any work
        await container.CreateIfNotExistsAsync(cancellationToken).ConfigureAwait(false);
        var selected = await projects.ListAsync(request.IncludeProjects, request.ExcludeProjects, cancellationToken).ConfigureAwait(false);
        var listing = await ChooseListingAsync(request, startedAt, cancellationToken).ConfigureAwait(false);
        Log.RunStarted(logger, runId, selected.Count, listing.Mode);

        var run = new RunProgress(runId, selected.Count, progress);
        var work = new RunWorkQueue(options.Value.MaxActivitiesInFlight);
        foreach (var (project, index) in selected.Select((p, i) => (p, i)))
        {
            var key = index.ToString("D4", System.Globalization.CultureInfo.InvariantCulture);
            work.AddListing(project, new FolderWaveInput(runId, project, null, 0, int.MaxValue, key, options.Value.IncludeHidden, listing.PreviousRunId));
        }

        run.Report("listing");
        using var abort = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        try
        {
            await DriveAsync(work, run, StartAsync, abort.Token).ConfigureAwait(false);
        }
        catch
        {
            // A fatal error (rejected credentials): stop the work still in flight.
            await abort.CancelAsync().ConfigureAwait(false);
            throw;
        }

        run.Report("writing manifest");
        var manifest = await assembler.WriteAsync(
            new ManifestAssemblyInput(runId, startedAt, selected.Count, run.FoldersListed, run.FailedProjects, [.. selected.Select(p => p.Id)],
                listing.Mode, listing.PreviousRunId, listing.LastFullListingAt, request.DryRun),
            cancellationToken).ConfigureAwait(false);
        var summary = manifest.Summary;
        LogFinished(summary);
        run.Report("done", summary);
        return new BackupRunResult(summary, manifest, work.Statistics);

        Task<RunWorkResult> StartAsync(RunWorkItem item, CancellationToken ct) => item switch
        {
            ListingWork listing => WithAttemptsAsync(item, async c => new ListingDone(listing.Project, listing.Input, await lister.ListAsync(listing.Input, c).ConfigureAwait(false)), ct),
            CopyWork copy => WithAttemptsAsync(item, async c => new CopyDone(copy.Project, await copier.CopyAsync(new ChunkCopyInput(runId, copy.Chunk, request.DryRun, request.ForceCopy), c).ConfigureAwait(false)), ct),
            _ => throw new InvalidOperationException($"Unknown work item {item}."),
        };
    }

    /// <summary>Incremental from the latest run's state when it can be trusted; otherwise every folder, saying why.</summary>
    private async Task<ListingChoice> ChooseListingAsync(BackupRunRequest request, DateTimeOffset startedAt, CancellationToken cancellationToken)
    {
        if (request.FullRescan)
        {
            return new(null, "full: requested", startedAt);
        }

        var latest = await manifests.GetLatestAsync(cancellationToken).ConfigureAwait(false);
        if (latest is null)
        {
            Log.NoPreviousState(logger, "no earlier run has finished");
            return new(null, "full: no previous run", startedAt);
        }

        var lastFull = latest.Summary.LastFullListingAt ?? latest.Summary.StartedAt;
        var every = options.Value.FullRescanEveryDays;
        if (every > 0 && startedAt - lastFull >= TimeSpan.FromDays(every))
        {
            return new(null, $"full: periodic (last full listing {lastFull:yyyy-MM-dd}, every {every} days)", startedAt);
        }

        try
        {
            await previousRuns.LoadAsync(latest.RunId, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is InvalidDataException or System.Text.Json.JsonException or BlobStorageException or InvalidOperationException)
        {
            Log.NoPreviousState(logger, $"the state of run {latest.RunId} is unreadable: {e.Message}");
            return new(null, $"full: state of run {latest.RunId} unreadable", startedAt);
        }

        return new(latest.RunId, $"incremental from run {latest.RunId}", lastFull);
    }

    private sealed record ListingChoice(string? PreviousRunId, string Mode, DateTimeOffset LastFullListingAt);

    private async Task DriveAsync(
        RunWorkQueue work, RunProgress run, Func<RunWorkItem, CancellationToken, Task<RunWorkResult>> start, CancellationToken cancellationToken)
    {
        while (await work.NextCompletedAsync(start, cancellationToken).ConfigureAwait(false) is { } done)
        {
            switch (done)
            {
                case ListingDone listed:
                    OnListed(listed, work, run);
                    break;
                case CopyDone copied:
                    run.Copied(copied.Result);
                    break;
                case WorkFailed failed:
                    OnFailed(failed, run);
                    break;
            }

            if (work.Finished(done.Project))
            {
                run.ProjectDone();
            }

            run.Report(work.HasListings ? "listing and copying" : "copying");
        }
    }

    // The log contract the alerts and the workbook read (infra/bicep/README.md, "Log contract").
    private void LogFinished(ManifestSummary s)
    {
        var complete = s.Failed == 0 && s.FailedProjects.Count == 0;
        var level = complete && s.SizeMismatchCount == 0 ? LogLevel.Information : LogLevel.Warning;
        Log.RunFinished(logger, level, s.RunId, complete ? "Succeeded" : "CompletedWithErrors", s.DurationSeconds, s.Files, s.Bytes, s.Projects,
            s.Copied, s.Unchanged, s.NoContent, s.Planned, s.Failed, s.FailedProjects.Count, s.SizeMismatchCount);
    }

    private void OnListed(ListingDone listed, RunWorkQueue work, RunProgress run)
    {
        var result = listed.Result;
        run.Listed(result);
        foreach (var error in result.Errors)
        {
            run.ProjectFailed(new ProjectFailure(listed.Project.Id, listed.Project.Name, error));
        }

        foreach (var chunk in result.InventoryChunks)
        {
            work.AddCopy(listed.Project, chunk);
        }

        var perListing = options.Value.FoldersPerListing;
        for (var skip = 0; result.SubFoldersBlob is not null && skip < result.SubFolders; skip += perListing)
        {
            var key = $"{listed.Input.OutputKey}-{skip / perListing:D3}";
            work.AddListing(listed.Project, listed.Input with { FoldersBlob = result.SubFoldersBlob, Skip = skip, Take = perListing, OutputKey = key });
        }
    }

    private void OnFailed(WorkFailed failed, RunProgress run)
    {
        if (failed.Error is ApsAuthenticationException)
        {
            throw failed.Error;
        }

        var what = failed.Item is ListingWork ? "listing" : "copy of a batch";
        Log.WorkFailed(logger, run.RunId, failed.Project.Name, what, failed.Error.Message);
        run.ProjectFailed(new ProjectFailure(failed.Project.Id, failed.Project.Name, $"{what} failed: {failed.Error.Message}"));
    }

    private async Task<RunWorkResult> WithAttemptsAsync(RunWorkItem item, Func<CancellationToken, Task<RunWorkResult>> activity, CancellationToken cancellationToken)
    {
        // Like a Durable retry policy: a few attempts with growing delays; activities are idempotent.
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await activity(cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is not OperationCanceledException && e is not ApsAuthenticationException && attempt < options.Value.ActivityAttempts)
            {
                await Task.Delay(TimeSpan.FromSeconds(Math.Pow(2, attempt)), time, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                return new WorkFailed(item.Project, item, e);
            }
        }
    }

    /// <summary>The run-summary trace's message template: a contract with the alerts and the workbook.</summary>
    internal const string RunFinishedTemplate =
        "Backup run {RunId} finished: {Status} in {DurationSeconds} s; {Files} files, {Bytes} bytes, {Projects} projects; {Copied} copied, {Unchanged} unchanged, {NoContent} without content, {Planned} planned, {Failed} failed; {FailedProjects} projects not listed; {SizeMismatches} size mismatches";

    private static partial class Log
    {
        [LoggerMessage(EventId = 4001, Level = LogLevel.Information, Message = "Backup run {RunId} started: {Projects} projects, listing {ListingMode}")]
        public static partial void RunStarted(ILogger logger, string runId, int projects, string listingMode);

        [LoggerMessage(EventId = 4004, Level = LogLevel.Warning, Message = "No usable previous run state ({Reason}): listing every folder")]
        public static partial void NoPreviousState(ILogger logger, string reason);

        [LoggerMessage(EventId = 4002, Message = RunFinishedTemplate)]
        public static partial void RunFinished(
            ILogger logger, LogLevel level, string runId, string status, double durationSeconds, long files, long bytes, int projects,
            long copied, long unchanged, long noContent, long planned, long failed, int failedProjects, long sizeMismatches);

        [LoggerMessage(EventId = 4003, Level = LogLevel.Error, Message = "Backup run {RunId}: {What} of project {Project} failed after retries: {Reason}")]
        public static partial void WorkFailed(ILogger logger, string runId, string project, string what, string reason);
    }
}

/// <summary>What a finished run produced.</summary>
public sealed record BackupRunResult(ManifestSummary Summary, LatestRun Manifest, RunStatistics Statistics);

/// <summary>How much orchestration a run took: what bounds a durable history.</summary>
/// <param name="LargestPayloadBytes">The largest activity input or output, as JSON.</param>
public sealed record RunStatistics(int ListingActivities, int CopyActivities, int LargestPayloadBytes);
