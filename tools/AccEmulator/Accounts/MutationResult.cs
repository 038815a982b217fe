namespace AccEmulator.Accounts;

/// <summary>What a mutation created or changed: the item or folder id, the new version id (for files) and when.</summary>
/// <param name="ProjectId">The project the change happened in.</param>
/// <param name="Id">The item id (file mutations) or the new folder's id.</param>
/// <param name="VersionId">The item's new tip version id; null for folders.</param>
/// <param name="Time">The emulator-clock time of the change (the new lastModifiedTime).</param>
public sealed record MutationResult(string ProjectId, string Id, string? VersionId, DateTimeOffset Time);
