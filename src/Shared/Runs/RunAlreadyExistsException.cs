namespace AccBackup.Runs;

/// <summary>A run with this id already finished: its manifest would be overwritten. Choose another id.</summary>
public sealed class RunAlreadyExistsException(string runId)
    : InvalidOperationException($"A run with id '{runId}' already has a manifest; run ids are never reused (choose another id, or leave it out).")
{
    /// <summary>The id that was asked for.</summary>
    public string RunId { get; } = runId;
}
