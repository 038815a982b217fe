namespace AccBackup.AccRestore.Planning;

/// <summary>One selected file: where it came from, where it goes, and what the restore does there and why.</summary>
/// <param name="SourcePath">The file's ACC path in the night (with its project).</param>
/// <param name="SourceProjectId">The project it was backed up from.</param>
/// <param name="SourceItemId">Its item id in that project.</param>
/// <param name="Night">The night's version (the one restored; the last one replayed with --all-versions).</param>
/// <param name="TargetProjectId">The project it goes to.</param>
/// <param name="TargetFolder">The folder it goes to (a path from the top folder), or null when skipped before one was known.</param>
/// <param name="Name">Its file name there.</param>
/// <param name="Action">What is done.</param>
/// <param name="Reason">Why, in a sentence.</param>
public sealed record PlannedFile(
    string SourcePath,
    string SourceProjectId,
    string SourceItemId,
    StoredVersionRef Night,
    string TargetProjectId,
    string? TargetFolder,
    string Name,
    RestoreAction Action,
    string Reason)
{
    /// <summary>The ACC item acted on in place (undelete, promote, new version), or null for a new file.</summary>
    public string? TargetItemId { get; init; }

    /// <summary>The version copied to the tip (undelete, promote).</summary>
    public string? CopyFrom { get; init; }

    /// <summary>The folders un-hidden for this file to come back (its own and any deleted above it), when that is all it needs.</summary>
    public string? ComesBackWithFolder { get; init; }

    /// <summary>The versions uploaded, oldest first: the night's, or with --all-versions every stored one.</summary>
    public IReadOnlyList<StoredVersionRef> Uploads { get; init; } = [];

    /// <summary>Whether the file writes anything of its own (folders aside).</summary>
    public bool Writes => Action is RestoreAction.Promote or RestoreAction.UploadNewFile or RestoreAction.UploadNewVersion
        || (Action == RestoreAction.Undelete && CopyFrom is not null);
}
