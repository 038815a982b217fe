using AccBackup.Backup.Settings;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs.BackupContainer;
using AccBackup.Runs.State;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Runs.Activities;

/// <summary>The first activity of a run: checks the backup container, refuses a run id already used, chooses how folders
/// are listed, selects the projects.</summary>
/// <remarks>Idempotent: it writes nothing but clears an unfinished attempt's working records (and, with an account key, creates
/// the containers on the very first run).</remarks>
public sealed partial class PrepareRunActivity(
    ProjectLister projects, BlobContainer container, [FromKeyedServices(BlobContainer.StateKey)] BlobContainer state, ManifestReader manifests, PreviousRunStateStore previousRuns,
    IOptions<BackupOptions> options, IOptions<Issues.IssuesOptions> issues, Modules.ModuleSelection modules, IOptions<BlobStorageOptions> storage,
    ILogger<PrepareRunActivity> logger)
    : IRunActivity<PrepareRunInput, PrepareRunResult>
{
    /// <inheritdoc />
    Task<PrepareRunResult> IRunActivity<PrepareRunInput, PrepareRunResult>.RunAsync(PrepareRunInput input, CancellationToken cancellationToken) =>
        PrepareAsync(input, cancellationToken);

    /// <summary>Prepares the run; throws <see cref="RunAlreadyExistsException"/> when a manifest of that run id exists. A backup
    /// container that can't take the run is reported in <see cref="PrepareRunResult.ContainerProblem"/>, for the driver to fail the run.</summary>
    public async Task<PrepareRunResult> PrepareAsync(PrepareRunInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        RunId.Parse(input.RunId); // a malformed run id is refused before any work
        var manifest = RunLayout.Json(input.RunId);
        var latest = await manifests.GetLatestAsync(cancellationToken).ConfigureAwait(false);
        var (problem, emptyBackup) = await CheckContainerAsync(input.RunId, latest, cancellationToken).ConfigureAwait(false);
        if (problem is not null)
        {
            Log.ContainerUnusable(logger, input.RunId, problem.Code, problem.Message);
            return new PrepareRunResult(input.RunId, input.StartedAt, [], "none: backup container unusable", null, input.StartedAt) { ContainerProblem = problem };
        }

        if (await container.GetPropertiesAsync(manifest, cancellationToken).ConfigureAwait(false) is not null)
        {
            throw new RunAlreadyExistsException(input.RunId);
        }

        await ClearUnfinishedAttemptAsync(input.RunId, cancellationToken).ConfigureAwait(false);
        var request = input.Request;
        var selected = await projects.ListAsync(request.IncludeProjects, request.ExcludeProjects, cancellationToken).ConfigureAwait(false);
        var listing = await ChooseListingAsync(request, input.StartedAt, latest, cancellationToken).ConfigureAwait(false);
        Log.RunStarted(logger, input.RunId, selected.Count, listing.Mode);
        var exportIssues = issues.Value.IsConfigured && modules.Keeps(AccBackup.Modules.ModuleNames.Issues);
        if (!issues.Value.IsConfigured)
        {
            Log.IssuesNotConfigured(logger, input.RunId);
        }

        return new PrepareRunResult(input.RunId, input.StartedAt, selected, listing.Mode, listing.PreviousRunId, listing.LastFullListingAt, listing.LatestRunId, exportIssues,
            modules.PerProjectModules)
        {
            Pinned = PinnedRunSettings.From(options.Value),
            EmptyBackup = emptyBackup,
        };
    }

    /// <summary>The facts <see cref="BackupContainerCheck"/> decides on: whether the containers exist, whether runs were written
    /// before, the retention policy. The app never needs the right to create the backup container (containers/write): in Azure
    /// infra/bicep creates both containers and grants no such right. Only with an account key (a connection string, which holds
    /// every right: Azurite locally, the CLI on a key) are they created here, and only on the very first run: once the state
    /// says runs were written, a missing backup container fails the run instead of starting over in an empty one.
    /// Also whether the backup holds nothing yet (<see cref="PrepareRunResult.EmptyBackup"/>), told before this run writes into it.</summary>
    private async Task<(BackupContainerProblem? Problem, bool EmptyBackup)> CheckContainerAsync(string runId, LatestRun? latest, CancellationToken cancellationToken)
    {
        var settings = storage.Value;
        var mayCreate = !string.IsNullOrWhiteSpace(settings.ConnectionString);
        if (mayCreate)
        {
            await state.CreateIfNotExistsAsync(cancellationToken).ConfigureAwait(false);
        }

        var earlierRuns = latest is not null || await HasWorkingRecordsAsync(cancellationToken).ConfigureAwait(false);
        var holds = await container.GetHoldsIfExistsAsync(cancellationToken).ConfigureAwait(false);
        if (holds is null && !earlierRuns && mayCreate)
        {
            await container.CreateIfNotExistsAsync(cancellationToken).ConfigureAwait(false);
            holds = await container.GetHoldsIfExistsAsync(cancellationToken).ConfigureAwait(false);
        }

        var latestManifest = holds is null || latest is null ? null : await container.GetPropertiesAsync(latest.Manifest, cancellationToken).ConfigureAwait(false);
        var emptyBackup = !earlierRuns && holds is not null && !await HoldsAnyBlobAsync(cancellationToken).ConfigureAwait(false);
        var retention = settings.ImmutabilityDays > 0 && holds is { ImmutabilityPolicy: true }
            ? await ProbeRetentionAsync(runId, cancellationToken).ConfigureAwait(false)
            : null;
        return (BackupContainerCheck.Problem(container.Name, holds, earlierRuns, latest is null || latestManifest is not null, retention, settings.ImmutabilityDays), emptyBackup);
    }

    /// <summary>Whether the backup container holds any blob (a page of one is enough to tell).</summary>
    private async Task<bool> HoldsAnyBlobAsync(CancellationToken cancellationToken)
    {
        await foreach (var _ in container.ListAsync(null, maxResultsPerPage: 1, cancellationToken).ConfigureAwait(false))
        {
            return true;
        }

        return false;
    }

    /// <summary>The retention period a blob written now gets (its policy's expiry less its creation), or null when the service
    /// shows none. The data plane names a container policy's presence, not its period, and a blob written earlier keeps the
    /// period of its day (after a policy is extended, the latest manifest still shows the old one); so the run writes an
    /// empty blob of its own, create-only, into its folder and reads its period. A repeated activity finds it and reads the
    /// same. Prune removes it with the run.</summary>
    private async Task<TimeSpan?> ProbeRetentionAsync(string runId, CancellationToken cancellationToken)
    {
        var probe = RunLayout.RetentionProbe(runId);
        try
        {
            await container.UploadAsync(probe, ReadOnlyMemory<byte>.Empty, new BlobUploadOptions { Conditions = BlobContainer.CreateOnly }, cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobAlreadyExists)
        {
            // Written by an earlier attempt of this run: its period is as good.
        }

        return await container.GetPropertiesAsync(probe, cancellationToken).ConfigureAwait(false) is { ImmutableUntil: { } until, CreatedOn: { } created }
            ? until - created
            : null;
    }

    /// <summary>Whether the state container holds working records of any run (one that never finished counts too).</summary>
    private async Task<bool> HasWorkingRecordsAsync(CancellationToken cancellationToken)
    {
        try
        {
            await foreach (var _ in state.ListAsync(RunLayout.RunsPrefix, cancellationToken).ConfigureAwait(false))
            {
                return true;
            }
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.ContainerNotFound)
        {
            // No state container: nothing was ever run against it.
        }

        return false;
    }

    /// <summary>A run started again with the id of one that never finished (killed, crashed) starts from a clean folder:
    /// records of the earlier attempt could describe an account that has changed since (chunks that are no longer
    /// produced would otherwise reach the manifest twice). Its stored files stay: the copier skips every version already
    /// stored, so only what was in flight is fetched again.</summary>
    private async Task ClearUnfinishedAttemptAsync(string runId, CancellationToken cancellationToken)
    {
        var leftovers = new List<string>();
        await foreach (var blob in state.ListAsync(RunLayout.RunFolder(runId), cancellationToken).ConfigureAwait(false))
        {
            leftovers.Add(blob.Name);
        }

        foreach (var name in leftovers)
        {
            await state.DeleteIfExistsAsync(name, cancellationToken).ConfigureAwait(false);
        }

        if (leftovers.Count > 0)
        {
            Log.UnfinishedAttemptCleared(logger, runId, leftovers.Count);
        }
    }

    /// <summary>Incremental from the latest run's state when it can be trusted; otherwise every folder, saying why.</summary>
    private async Task<ListingChoice> ChooseListingAsync(BackupRunRequest request, DateTimeOffset startedAt, LatestRun? latest, CancellationToken cancellationToken)
    {
        if (request.FullRescan)
        {
            return new(null, "full: requested", startedAt, latest?.RunId);
        }

        if (request.ForceCopy)
        {
            // Carried folders are never listed, so their files would never reach a copy: forcing copies lists everything.
            return new(null, "full: copy forced", startedAt, latest?.RunId);
        }

        if (latest is null)
        {
            Log.NoPreviousState(logger, "no earlier run has finished");
            return new(null, "full: no previous run", startedAt, null);
        }

        var lastFull = latest.Summary.LastFullListingAt ?? latest.Summary.StartedAt;
        var every = options.Value.FullRescanEveryDays;
        if (every > 0 && startedAt - lastFull >= TimeSpan.FromDays(every))
        {
            return new(null, $"full: periodic (last full listing {lastFull:yyyy-MM-dd}, every {every} days)", startedAt, latest.RunId);
        }

        try
        {
            await previousRuns.LoadAsync(latest.RunId, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is InvalidDataException or System.Text.Json.JsonException or RequestFailedException or InvalidOperationException)
        {
            Log.NoPreviousState(logger, $"the state of run {latest.RunId} is unreadable: {e.Message}");
            return new(null, $"full: state of run {latest.RunId} unreadable", startedAt, latest.RunId);
        }

        return new(latest.RunId, $"incremental from run {latest.RunId}", lastFull, latest.RunId);
    }

    private sealed record ListingChoice(string? PreviousRunId, string Mode, DateTimeOffset LastFullListingAt, string? LatestRunId);

    private static partial class Log
    {
        [LoggerMessage(EventId = 4001, Level = LogLevel.Information, Message = "Backup run {RunId} started: {Projects} projects, listing {ListingMode}")]
        public static partial void RunStarted(ILogger logger, string runId, int projects, string listingMode);

        [LoggerMessage(EventId = 4006, Level = LogLevel.Information, Message = "Backup run {RunId} resumes an attempt that did not finish: its {Records} working records were cleared; stored files are kept")]
        public static partial void UnfinishedAttemptCleared(ILogger logger, string runId, int records);

        [LoggerMessage(EventId = 4007, Level = LogLevel.Information, Message = "Backup run {RunId}: issues not configured (set Issues:ServiceAccountId, Issues:KeyId and Issues:PrivateKey to back up ACC Issues); files only")]
        public static partial void IssuesNotConfigured(ILogger logger, string runId);

        [LoggerMessage(EventId = 4008, Level = LogLevel.Error, Message = "Backup run {RunId} can't start: backup container problem {ContainerProblem}: {Reason}")]
        public static partial void ContainerUnusable(ILogger logger, string runId, string containerProblem, string reason);

        [LoggerMessage(EventId = 4004, Level = LogLevel.Warning, Message = "No usable previous run state ({Reason}): listing every folder")]
        public static partial void NoPreviousState(ILogger logger, string reason);
    }
}
