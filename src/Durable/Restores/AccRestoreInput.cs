using AccBackup.AccRestore;

namespace AccBackup.Durable.Restores;

/// <summary>A restore orchestration's input: the request, how its files are cut into activities, and, in a generation after the
/// first, how far the files step has got.</summary>
/// <param name="Request">What to restore (its id is the instance id).</param>
/// <param name="FilesPerBatch">Files one activity restores: a few history events per batch, not per file.</param>
/// <param name="BatchesInFlight">Activities at once: the restore's global bound on concurrent writes (its quotas pace the rest).</param>
/// <param name="BatchesPerGeneration">Batches one generation of the orchestration runs before it continues as new, so its history
/// stays bounded however many files the restore has.</param>
public sealed record AccRestoreInput(AccRestoreRequest Request, int FilesPerBatch = 25, int BatchesInFlight = 8, int BatchesPerGeneration = 100)
{
    /// <summary>Where the files step stands, carried into the next generation; null in the first.</summary>
    public AccRestoreProgress? Progress { get; init; }
}
