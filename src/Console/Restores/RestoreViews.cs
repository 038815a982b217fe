using AccBackup.AccRestore;

namespace AccBackup.BackupConsole.Restores;

/// <summary>What the Restore page shows of one restore: where it is, its plan, and once applied its record.</summary>
internal sealed record RestoreView(string RestoreId, RestoreProgress Progress, RestorePlanView? Plan, RestoreOutcomeView? Outcome);

/// <summary>A plan as a person reads it: counts per action, the folders it makes or brings back, the calls and least time the
/// quotas imply, and the files (the first <see cref="RestoreQueries.MaxFilesShown"/>; the plan blob holds them all).</summary>
/// <param name="Target">"Project/Folder/Sub" asked for, or null: each file back in place.</param>
internal sealed record RestorePlanView(
    string RunId, string? Target, DateTimeOffset PlannedAt, int Files, IReadOnlyList<ActionCount> Counts, int FoldersToCreate, int FoldersToUnhide,
    long UploadBytes, RestoreQuotaFloor QuotaFloor, IReadOnlyList<PlannedFileRow> FileRows, IReadOnlyList<PlannedFolderRow> Folders);

/// <summary>Files per action, with what the action does.</summary>
internal sealed record ActionCount(string Action, string Meaning, int Files);

/// <summary>One planned file: from where, to where, what is done and why.</summary>
internal sealed record PlannedFileRow(string Path, string TargetProject, string? TargetFolder, string Name, string Action, string Reason);

/// <summary>A target folder the plan needs, and what it does to have it (Exists, Unhide, Create).</summary>
internal sealed record PlannedFolderRow(string TargetProject, string Path, string Action);

/// <summary>The restore's record, once applied: files done per action, what failed, versions made and bytes sent.</summary>
/// <param name="RecordCsv">The record's CSV (a row per file), relative to the console.</param>
internal sealed record RestoreOutcomeView(
    bool Succeeded, DateTimeOffset? FinishedAt, IReadOnlyList<ActionCount> Done, int VersionsCreated, long UploadedBytes, IReadOnlyList<FailedFileRow> Failures, string RecordCsv);

/// <summary>A file the restore could not put back, and why.</summary>
internal sealed record FailedFileRow(string Path, string Action, string Error);

/// <summary>The answer to a plan or apply: the restore to follow.</summary>
internal sealed record RestoreStarted(string RestoreId, string Follow);
