namespace AccBackup.AccRestore.Planning;

/// <summary>A target folder a restore needs, and what it does to have it: plans list them parents first.</summary>
/// <param name="ProjectId">The target project.</param>
/// <param name="Path">The folder's path in the project from its top folder (segments joined with '/').</param>
/// <param name="Segments">The folder names from the top folder down.</param>
/// <param name="Action">What is done.</param>
/// <param name="FolderId">The folder's id when it exists (visible or hidden); null until a <see cref="FolderAction.Create"/> made it.</param>
public sealed record PlannedFolder(string ProjectId, string Path, IReadOnlyList<string> Segments, FolderAction Action, string? FolderId);
