using AccBackup.AccRestore.Executing;
using AccBackup.AccRestore.Planning;
using AccBackup.AccRestore.Record;
using AccBackup.Runs.Activities;

namespace AccBackup.AccRestore.Activities;

/// <summary>Assembles the restore's record from its plan, folders and batches and writes it once (<see cref="RestoreRecord"/>); returns whether this call wrote it.</summary>
public sealed class RecordRestoreActivity(RestoreRecord record, TimeProvider time) : IRunActivity<RecordRestoreInput, bool>
{
    /// <inheritdoc />
    public async Task<bool> RunAsync(RecordRestoreInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        var id = input.RestoreId;
        if (await record.ReadAsync(id, cancellationToken).ConfigureAwait(false) is not null)
        {
            return false;
        }

        var plan = await record.ReadJsonAsync<AccRestorePlan>(RestoreRecord.PlanBlob(id), cancellationToken).ConfigureAwait(false)
            ?? throw new InvalidOperationException($"Restore {id} has no plan blob.");
        var folders = new Dictionary<string, string>(
            await record.ReadJsonAsync<Dictionary<string, string>>(RestoreRecord.FoldersBlob(id), cancellationToken).ConfigureAwait(false) ?? [], StringComparer.OrdinalIgnoreCase);
        var files = new List<RestoredFile>(plan.Files.Count);
        for (var first = 0; first < plan.Files.Count; first += Math.Max(1, input.FilesPerBatch))
        {
            files.AddRange(await record.ReadJsonAsync<List<RestoredFile>>(RestoreRecord.BatchBlob(id, first), cancellationToken).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"Restore {id}: batch {first} has no results."));
        }

        var withIds = plan.Folders.Select(f => f with { FolderId = folders.GetValueOrDefault(AccRestoreExecutor.Key(f.ProjectId, f.Path)) ?? f.FolderId }).ToList();
        await record.WriteAsync(new AccRestoreResult(id, plan, true, withIds, files, time.GetUtcNow()), cancellationToken).ConfigureAwait(false);
        return true;
    }
}
