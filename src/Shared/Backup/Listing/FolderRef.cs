namespace AccBackup.Backup.Listing;

/// <summary>A folder to list: its id, where it sits (as blob-name segments and as ACC names), its parent and rollup time.</summary>
/// <param name="Rollup">lastModifiedTimeRollup as its parent's listing reported it: moves when anything below changes.</param>
public sealed record FolderRef(string Id, IReadOnlyList<string> Segments, IReadOnlyList<string> Names, string? ParentId = null, DateTimeOffset? Rollup = null);
