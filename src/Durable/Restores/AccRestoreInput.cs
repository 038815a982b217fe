using AccBackup.AccRestore;

namespace AccBackup.Durable.Restores;

/// <summary>A restore orchestration's input: the request, and how its files are cut into activities.</summary>
/// <param name="Request">What to restore (its id is the instance id).</param>
/// <param name="FilesPerBatch">Files one activity restores: a few history events per batch, not per file.</param>
/// <param name="BatchesInFlight">Activities at once: the restore's global bound on concurrent writes (its quotas pace the rest).</param>
public sealed record AccRestoreInput(AccRestoreRequest Request, int FilesPerBatch = 25, int BatchesInFlight = 8);
