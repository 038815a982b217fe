using AccBackup.AccRestore;
using Microsoft.DurableTask;
using Microsoft.Extensions.Hosting;

namespace AccBackup.Durable.Restores;

/// <summary>Assembles the restore's record from its plan, folders and batches and writes it once (<see cref="RestoreRecord"/>).</summary>
public sealed class RecordRestoreActivity(RestoreRecord record, TimeProvider time, IHostApplicationLifetime lifetime) : TaskActivity<RestoreBatch, bool>
{
    /// <summary>Assembles and writes; <paramref name="input"/>'s Count is the batch size used.</summary>
    public override async Task<bool> RunAsync(TaskActivityContext context, RestoreBatch input)
    {
        ArgumentNullException.ThrowIfNull(input);
        var ct = lifetime.ApplicationStopping;
        var id = input.RestoreId;
        if (await record.ReadAsync(id, ct).ConfigureAwait(false) is not null)
        {
            return false;
        }

        var plan = (await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(id), ct).ConfigureAwait(false))!;
        var folders = new Dictionary<string, string>(
            await record.ReadJsonAsync<Dictionary<string, string>>(RestoreRecord.FoldersBlob(id), ct).ConfigureAwait(false) ?? [], StringComparer.OrdinalIgnoreCase);
        var files = new List<RestoredFile>(plan.Files.Count);
        for (var first = 0; first < plan.Files.Count; first += input.Count)
        {
            files.AddRange(await record.ReadJsonAsync<List<RestoredFile>>(RestoreRecord.BatchBlob(id, first), ct).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"Restore {id}: batch {first} has no results."));
        }

        var withIds = plan.Folders.Select(f => f with { FolderId = folders.GetValueOrDefault(AccRestoreExecutor.Key(f.ProjectId, f.Path)) ?? f.FolderId }).ToList();
        await record.WriteAsync(new AccRestoreResult(id, plan, true, withIds, files, time.GetUtcNow()), ct).ConfigureAwait(false);
        return true;
    }
}
