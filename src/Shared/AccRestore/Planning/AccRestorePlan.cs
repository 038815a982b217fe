namespace AccBackup.AccRestore.Planning;

/// <summary>What a restore will do, decided against ACC as it is now: folders parents first, then every selected file.</summary>
/// <param name="RestoreId">The restore.</param>
/// <param name="RunId">The run whose files are restored.</param>
/// <param name="Target">The target folder asked for, or null (each file back to its own place).</param>
/// <param name="PlannedAt">When ACC was read.</param>
/// <param name="Folders">Target folders, parents first.</param>
/// <param name="Files">Every selected file, in manifest order.</param>
public sealed record AccRestorePlan(string RestoreId, string RunId, string? Target, DateTimeOffset PlannedAt, IReadOnlyList<PlannedFolder> Folders, IReadOnlyList<PlannedFile> Files)
{
    /// <summary>The names of the target projects, by id (for messages and views).</summary>
    public IReadOnlyDictionary<string, string> ProjectNames { get; init; } = new Dictionary<string, string>();

    /// <summary>Files per action.</summary>
    public IReadOnlyDictionary<RestoreAction, int> Counts =>
        Enum.GetValues<RestoreAction>().ToDictionary(a => a, a => Files.Count(f => f.Action == a));

    /// <summary>Folders to create.</summary>
    public int FoldersToCreate => Folders.Count(f => f.Action == FolderAction.Create);

    /// <summary>Deleted folders to restore (un-hide).</summary>
    public int FoldersToUnhide => Folders.Count(f => f.Action == FolderAction.Unhide);

    /// <summary>The calls the writes cost, and the time APS's quotas imply for them.</summary>
    public RestoreQuotaFloor QuotaFloor => RestoreQuotaFloor.Of(this);

    /// <summary>Bytes the uploads send.</summary>
    public long UploadBytes => Files.Where(f => f.Action is RestoreAction.UploadNewFile or RestoreAction.UploadNewVersion).Sum(f => f.Uploads.Sum(u => u.Size));
}
