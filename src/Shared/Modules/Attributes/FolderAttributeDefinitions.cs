using System.Text.Json;

namespace AccBackup.Modules.Attributes;

/// <summary>The custom attribute definitions that apply to one folder, as APS sent them (id, name, type, drop-down values).</summary>
/// <param name="Path">The folder's path in the project (its names joined by <c>/</c>).</param>
/// <param name="Rollup">The folder's rollup time as the run's listing saw it: a later run reads the folder again when it moved.</param>
/// <param name="ReadAt">When the definitions were read (a carried folder keeps the time of the run that read it).</param>
public sealed record FolderAttributeDefinitions(string FolderId, string Path, DateTimeOffset? Rollup, DateTimeOffset ReadAt, IReadOnlyList<JsonElement> Definitions);
