using System.Collections.Concurrent;
using AccBackup.AccRestore;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace AccBackup.BackupConsole.Restores;

/// <summary><c>acc-backup console</c>'s restores: the planner and <see cref="AccRestorer"/> of <c>restore --to-acc</c>, run in this
/// process in the background while the page follows them. The plan is kept as the restore's plan blob, so applying writes
/// exactly the plan shown, and what survives the console is the plan and the record.</summary>
/// <remarks>Refuses while a backup run goes on against the same storage (<see cref="RunningBackups"/>), and beside another of its
/// restores into the same project, as the Function App's <c>RestoreStarter</c> does.</remarks>
internal sealed partial class InProcessRestores(
    IServiceScopeFactory scopes, RestoreRecord record, RunningBackups backups, IHostApplicationLifetime lifetime, ILogger<InProcessRestores> logger)
    : IConsoleRestores
{
    private readonly ConcurrentDictionary<string, RestoreJob> jobs = new(StringComparer.Ordinal);
    private readonly Lock gate = new();

    /// <inheritdoc />
    public async Task<RestoreRefusal?> PlanAsync(AccRestoreRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(request.RestoreId), cancellationToken).ConfigureAwait(false) is not null)
        {
            return new RestoreRefusal("AlreadyExists", $"restore {request.RestoreId} exists already");
        }

        var projects = new[] { request.Target is { } target ? RestoreTargetPath.ParseTarget(target).Project : request.Project ?? "*" };
        return await StartAsync(request.RestoreId, projects, RestoreProgress.Planning, job => PlanInBackgroundAsync(job, request), cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async Task<(string? RestoreId, RestoreRefusal? Refusal)> ApplyAsync(string restoreId, CancellationToken cancellationToken)
    {
        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(restoreId), cancellationToken).ConfigureAwait(false);
        if (plan is null)
        {
            return (null, new RestoreRefusal("NotPlanned", $"restore {restoreId} has no plan yet: wait for its plan, then apply it"));
        }

        if (await record.ReadAsync(restoreId, cancellationToken).ConfigureAwait(false) is not null)
        {
            return (null, new RestoreRefusal("AlreadyExists", $"restore {restoreId} was applied already: its record is kept"));
        }

        var refusal = await StartAsync(restoreId, [.. plan.ProjectNames.Values], RestoreProgress.Applying, job => ApplyInBackgroundAsync(job, plan), cancellationToken).ConfigureAwait(false);
        return refusal is null ? (restoreId, null) : (null, refusal);
    }

    /// <inheritdoc />
    public async Task<RestoreProgress?> ProgressAsync(string restoreId, CancellationToken cancellationToken)
    {
        if (jobs.TryGetValue(restoreId, out var job))
        {
            return job.Progress;
        }

        // Started by an earlier console (or the CLI with the same storage): what its blobs say.
        if (await record.ReadAsync(restoreId, cancellationToken).ConfigureAwait(false) is { } done)
        {
            return new RestoreProgress(done.Applied ? RestoreProgress.Done : RestoreProgress.Planned, done.Files.Count(f => f.Succeeded), done.Failures.Count);
        }

        return await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(restoreId), cancellationToken).ConfigureAwait(false) is null
            ? null
            : new RestoreProgress(RestoreProgress.Planned, 0, 0);
    }

    private async Task<RestoreRefusal?> StartAsync(
        string restoreId, IReadOnlyCollection<string> projects, string phase, Func<RestoreJob, Task> work, CancellationToken cancellationToken)
    {
        if (await backups.FindAsync(cancellationToken).ConfigureAwait(false) is { } running)
        {
            return new RestoreRefusal("BackupRunning",
                $"backup run {running} is going on: a restore never runs into a backup of the same projects; start it when the run has ended");
        }

        RestoreJob job;
        lock (gate)
        {
            if (jobs.TryGetValue(restoreId, out var existing) && existing.IsActive)
            {
                return new RestoreRefusal("AlreadyExists", $"restore {restoreId} is {existing.Progress.Phase} already");
            }

            if (jobs.Values.FirstOrDefault(j => j.IsActive && j.Overlaps(projects)) is { } other)
            {
                return new RestoreRefusal("RestoreRunning", $"restore {other.RestoreId} into the same project is {other.Progress.Phase}: one restore at a time per target project");
            }

            job = new RestoreJob(restoreId, projects, phase);
            jobs[restoreId] = job;
        }

        // Not the request's token: the work goes on after the answer; it stops with the console.
        _ = Task.Run(() => work(job), CancellationToken.None);
        return null;
    }

    private async Task PlanInBackgroundAsync(RestoreJob job, AccRestoreRequest request)
    {
        var stopping = lifetime.ApplicationStopping;
        try
        {
            await using var scope = scopes.CreateAsyncScope();
            var plan = await scope.ServiceProvider.GetRequiredService<AccRestorePlanner>().PlanAsync(request, stopping).ConfigureAwait(false);
            await record.WriteJsonOnceAsync(RestoreRecord.PlanBlob(request.RestoreId), plan, stopping).ConfigureAwait(false);
            job.Progress = new RestoreProgress(RestoreProgress.Planned, 0, 0);
        }
        catch (Exception e) when (!stopping.IsCancellationRequested)
        {
            Log.Failed(logger, job.RestoreId, "planning", e);
            job.Progress = new RestoreProgress(RestoreProgress.Failed, 0, 0, e.Message);
        }
    }

    private async Task ApplyInBackgroundAsync(RestoreJob job, AccRestorePlan plan)
    {
        var stopping = lifetime.ApplicationStopping;
        try
        {
            await using var scope = scopes.CreateAsyncScope();
            var restorer = scope.ServiceProvider.GetRequiredService<AccRestorer>();
            var result = await restorer.ApplyAsync(plan, job, stopping).ConfigureAwait(false);
            job.Progress = new RestoreProgress(RestoreProgress.Done, result.Files.Count(f => f.Succeeded), result.Failures.Count);
        }
        catch (Exception e) when (!stopping.IsCancellationRequested)
        {
            Log.Failed(logger, job.RestoreId, "applying", e);
            job.Progress = job.Progress with { Phase = RestoreProgress.Failed, Failure = e.Message };
        }
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 7611, Level = LogLevel.Warning, Message = "Console restore {RestoreId} failed while {Step}")]
        public static partial void Failed(ILogger logger, string restoreId, string step, Exception exception);
    }
}
