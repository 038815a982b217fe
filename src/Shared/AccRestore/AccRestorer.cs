using AccBackup.AccRestore.Executing;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
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

    /// <summary>Checks rights, restores folders (parents first) while files go into the folders already there
    /// (<see cref="AccRestoreOptions.FilesInParallel"/> at once), and writes the record.</summary>
    public async Task<AccRestoreResult> ApplyAsync(AccRestorePlan plan, IProgress<RestoreApplyProgress>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(plan);
        await executor.CheckPermissionsAsync(plan, plan.ProjectNames, cancellationToken).ConfigureAwait(false);

        // Folders take their own quota (50 a minute): files start in each folder as soon as it is there, the folders made first first.
        var ready = plan.Folders.ToDictionary(f => AccRestoreExecutor.Key(f.ProjectId, f.Path), _ => new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously), StringComparer.OrdinalIgnoreCase);
        var order = plan.Folders.Select((f, i) => (Key: AccRestoreExecutor.Key(f.ProjectId, f.Path), i)).ToDictionary(x => x.Key, x => x.i, StringComparer.OrdinalIgnoreCase);
        var folderIds = new System.Collections.Concurrent.ConcurrentDictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var folders = ApplyFoldersAsync(plan, ready, folderIds, stop.Token);

        var results = new RestoredFile[plan.Files.Count];
        var done = 0;
        var files = Enumerable.Range(0, plan.Files.Count)
            .OrderBy(i => plan.Files[i].TargetFolder is { } path ? order.GetValueOrDefault(AccRestoreExecutor.Key(plan.Files[i].TargetProjectId, path), -1) : -1);
        var writing = Parallel.ForEachAsync(
            files,
            new ParallelOptions { MaxDegreeOfParallelism = options.Value.FilesInParallel, CancellationToken = stop.Token },
            async (index, ct) =>
            {
                var file = plan.Files[index];
                if (file.Writes && file.TargetFolder is { } path && ready.TryGetValue(AccRestoreExecutor.Key(file.TargetProjectId, path), out var folder))
                {
                    await folder.Task.WaitAsync(ct).ConfigureAwait(false);
                }

                results[index] = await executor.ApplyFileAsync(file, folderIds, ct).ConfigureAwait(false);
                progress?.Report(new RestoreApplyProgress(Interlocked.Increment(ref done), results.Length));
            });
        try
        {
            await folders.ConfigureAwait(false);
        }
        catch
        {
            await stop.CancelAsync().ConfigureAwait(false);
            try
            {
                await writing.ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                // Stopped because a folder failed: that failure is what the caller hears.
            }

            throw;
        }

        await writing.ConfigureAwait(false);
        var withIds = plan.Folders.Select(f => f with { FolderId = folderIds.GetValueOrDefault(AccRestoreExecutor.Key(f.ProjectId, f.Path)) ?? f.FolderId }).ToList();
        var result = new AccRestoreResult(plan.RestoreId, plan, true, withIds, results, time.GetUtcNow());
        await record.WriteAsync(result, cancellationToken).ConfigureAwait(false);
        return result;
    }

    private async Task ApplyFoldersAsync(AccRestorePlan plan, Dictionary<string, TaskCompletionSource<string>> ready,
        System.Collections.Concurrent.ConcurrentDictionary<string, string> folderIds, CancellationToken cancellationToken)
    {
        try
        {
            await executor.ApplyFoldersAsync(plan, cancellationToken, (key, id) =>
            {
                folderIds[key] = id;
                ready[key].TrySetResult(id);
            }).ConfigureAwait(false);
        }
        finally
        {
            foreach (var waiting in ready.Values)
            {
                waiting.TrySetCanceled(cancellationToken.IsCancellationRequested ? cancellationToken : new CancellationToken(true));
            }
        }
    }
}

