using AccBackup.AccRestore.Planning;

namespace AccBackup.AccRestore.Record;

/// <summary>A restore's plan and, when applied, what was done per file: the record written once under <c>$acc-backup/restores/{id}/</c>.</summary>
/// <param name="RestoreId">The restore.</param>
/// <param name="Plan">What it planned against ACC.</param>
/// <param name="Applied">Whether it wrote (false: a plan only).</param>
/// <param name="Folders">The target folders with their ids, once applied.</param>
/// <param name="Files">What was done per file, once applied.</param>
/// <param name="FinishedAt">When the writes ended.</param>
public sealed record AccRestoreResult(string RestoreId, AccRestorePlan Plan, bool Applied, IReadOnlyList<PlannedFolder> Folders, IReadOnlyList<RestoredFile> Files, DateTimeOffset? FinishedAt)
{
    /// <summary>True when the record was read back: the restore had finished before, and this run wrote nothing.</summary>
    public bool AlreadyFinished { get; init; }

    /// <summary>Files done per action (applied), or planned (a plan only).</summary>
    public IReadOnlyDictionary<RestoreAction, int> Done => Applied
        ? Enum.GetValues<RestoreAction>().ToDictionary(a => a, a => Files.Count(f => f.Succeeded && f.Plan.Action == a))
        : Plan.Counts;

    /// <summary>Files that failed, with why.</summary>
    public IReadOnlyList<RestoredFile> Failures => [.. Files.Where(f => !f.Succeeded)];

    /// <summary>Versions created in ACC.</summary>
    public int VersionsCreated => Files.Sum(f => f.CreatedVersions.Count);

    /// <summary>Bytes uploaded.</summary>
    public long UploadedBytes => Files.Sum(f => f.UploadedBytes);

    /// <summary>Whether every selected file is in ACC with the night's bytes (skipped ones aside), or for a plan, always.</summary>
    public bool Succeeded => Failures.Count == 0;
}
