using System.Text.Json;

namespace AccBackup.Modules.Permissions;

/// <summary>One folder's permissions as APS sent them (each subject whole), with where the folder sits and when they were read.</summary>
/// <param name="Path">The folder's path in the project (its names joined by <c>/</c>).</param>
/// <param name="Rollup">The folder's rollup time as the run's listing saw it: a later run reads the folder again when it moved.</param>
/// <param name="ReadAt">When these permissions were read (a carried folder keeps the time of the run that read it).</param>
public sealed record FolderPermissionRecord(string FolderId, string Path, DateTimeOffset? Rollup, DateTimeOffset ReadAt, IReadOnlyList<JsonElement> Permissions);
