namespace AccBackup.AccRestore;

/// <summary>What to restore into ACC: the selection of <c>restore</c> (one run, one project, one path, one version), where
/// it goes, and whether to write.</summary>
/// <param name="RestoreId">Names the restore and its record (<c>$acc-backup/restores/{id}/</c>): the same id again resumes it,
/// or does nothing once it finished.</param>
/// <param name="RunId">The run ("latest" for the latest run); ignored with <paramref name="AsOf"/> or <paramref name="Version"/>.</param>
/// <param name="AsOf">The last run finished at or before this time, instead of <paramref name="RunId"/>.</param>
/// <param name="Project">Only this project (name or id); null for every project.</param>
/// <param name="PathPrefix">Only files whose ACC path starts with this (with or without the project); null for all.</param>
/// <param name="Version">Only this version of the one file <paramref name="PathPrefix"/> names, from the newest run holding it.</param>
/// <param name="Target"><c>"Project name/Folder/Sub folder"</c>: the selected files go under that folder, keeping their paths
/// relative to <paramref name="PathPrefix"/>; null: each file goes back to its own project and folder.</param>
/// <param name="Apply">Whether to write; false only plans.</param>
/// <param name="AllVersions">Whether an upload replays every stored version of the file oldest first (default: the night's only).</param>
public sealed record AccRestoreRequest(
    string RestoreId,
    string RunId = "latest",
    DateTimeOffset? AsOf = null,
    string? Project = null,
    string? PathPrefix = null,
    int? Version = null,
    string? Target = null,
    bool Apply = false,
    bool AllVersions = false)
{
    /// <summary>The selection as the folder restore reads it (the same rules pick the same files).</summary>
    internal Restore.RestoreRequest Selection => new(RunId, ".", Project, PathPrefix, false, AsOf, Version);
}
