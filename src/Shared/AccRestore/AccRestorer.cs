using Microsoft.Extensions.Options;

namespace AccBackup.AccRestore;

/// <summary>A restore into ACC from the CLI: the record if it finished before (then nothing is written), else the plan, and
/// with Apply the writes and the record.</summary>
/// <remarks>A restore killed mid-way and run again with the same id plans against ACC as it is then: what the first attempt
/// wrote is found in place (same bytes at the tip), so only the rest is written and no version is made twice.</remarks>
public sealed class AccRestorer(RestoreRecord record, AccRestorePlanner planner, AccRestoreExecutor executor, IOptions<AccRestoreOptions> options, TimeProvider time)
{
    /// <summary>Plans <paramref name="request"/> and, when it says Apply, carries the plan out.</summary>
    public async Task<AccRestoreResult> RunAsync(AccRestoreRequest request, IProgress<RestoreApplyProgress>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (await record.ReadAsync(request.RestoreId, cancellationToken).ConfigureAwait(false) is { } finished)
        {
            return finished with { AlreadyFinished = true };
        }

        var plan = await planner.PlanAsync(request, cancellationToken).ConfigureAwait(false);
        return request.Apply
            ? await ApplyAsync(plan, progress, cancellationToken).ConfigureAwait(false)
            : new AccRestoreResult(request.RestoreId, plan, false, plan.Folders, [], null);
    }

    /// <summary>Checks rights, restores folders, then files (<see cref="AccRestoreOptions.Parallelism"/> at once), and writes the record.</summary>
    public async Task<AccRestoreResult> ApplyAsync(AccRestorePlan plan, IProgress<RestoreApplyProgress>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(plan);
        await executor.CheckPermissionsAsync(plan, plan.ProjectNames, cancellationToken).ConfigureAwait(false);
        var folderIds = await executor.ApplyFoldersAsync(plan, cancellationToken).ConfigureAwait(false);
        var results = new RestoredFile[plan.Files.Count];
        var done = 0;
        await Parallel.ForEachAsync(
            Enumerable.Range(0, plan.Files.Count),
            new ParallelOptions { MaxDegreeOfParallelism = options.Value.Parallelism, CancellationToken = cancellationToken },
            async (index, ct) =>
            {
                results[index] = await executor.ApplyFileAsync(plan.Files[index], folderIds, ct).ConfigureAwait(false);
                progress?.Report(new RestoreApplyProgress(Interlocked.Increment(ref done), results.Length));
            }).ConfigureAwait(false);

        var folders = plan.Folders.Select(f => f with { FolderId = folderIds.GetValueOrDefault(AccRestoreExecutor.Key(f.ProjectId, f.Path)) ?? f.FolderId }).ToList();
        var result = new AccRestoreResult(plan.RestoreId, plan, true, folders, results, time.GetUtcNow());
        await record.WriteAsync(result, cancellationToken).ConfigureAwait(false);
        return result;
    }
}

/// <summary>How far the writes of a restore have got.</summary>
public sealed record RestoreApplyProgress(int Done, int Total);
