namespace AccBackup.Restore;

/// <summary>The outcome of a restore.</summary>
/// <param name="RunId">The run restored.</param>
/// <param name="Destination">The full path of the folder written into.</param>
/// <param name="Selected">Stored files the request selected.</param>
/// <param name="Restored">Files written by this restore, each with its SHA-256 checked (overwritten ones included).</param>
/// <param name="Bytes">Bytes written.</param>
/// <param name="Failures">Files not restored and why, ordered by path; empty on success.</param>
public sealed record RestoreReport(string RunId, string Destination, int Selected, int Restored, long Bytes, IReadOnlyList<RestoreFailure> Failures)
{
    /// <summary>Of <see cref="Restored"/>, the files that replaced a different local file (only with overwrite).</summary>
    public int Overwritten { get; init; }

    /// <summary>Files already at their target with the manifest's length and SHA-256: left as they are, nothing written.</summary>
    public int AlreadyPresent { get; init; }

    /// <summary>Files not restored because a different local file is at their target (no overwrite), ordered by path.</summary>
    public IReadOnlyList<RestoreFailure> Skipped { get; init; } = [];

    /// <summary>True when every selected file is now at its target with the manifest's bytes.</summary>
    public bool Succeeded => Failures.Count == 0 && Skipped.Count == 0 && Restored + AlreadyPresent == Selected;
}

/// <summary>A file that was not restored; nothing was left at its target path by this restore.</summary>
public sealed record RestoreFailure(string Path, string? BlobName, string Reason);

/// <summary>How far a restore has got.</summary>
public sealed record RestoreProgress(int Done, int Total, long Bytes);
