namespace AccBackup.Restore;

/// <summary>The outcome of a restore.</summary>
/// <param name="RunId">The run restored.</param>
/// <param name="Destination">The full path of the folder written into.</param>
/// <param name="Selected">Stored files the request selected.</param>
/// <param name="Restored">Files written, each with its SHA-256 checked.</param>
/// <param name="Bytes">Bytes written.</param>
/// <param name="Failures">Files not restored and why, ordered by path; empty on success.</param>
public sealed record RestoreReport(string RunId, string Destination, int Selected, int Restored, long Bytes, IReadOnlyList<RestoreFailure> Failures)
{
    /// <summary>True when every selected file was restored.</summary>
    public bool Succeeded => Failures.Count == 0 && Restored == Selected;
}

/// <summary>A file that was not restored; nothing was left at its target path by this restore.</summary>
public sealed record RestoreFailure(string Path, string? BlobName, string Reason);

/// <summary>How far a restore has got.</summary>
public sealed record RestoreProgress(int Done, int Total, long Bytes);
