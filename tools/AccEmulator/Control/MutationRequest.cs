namespace AccEmulator.Control;

/// <summary>The body of <c>POST /_emulator/mutations</c>, e.g. <c>{"kind":"addFile","folderId":"…","name":"a.pdf","size":1234}</c>.</summary>
/// <param name="Kind">What to do.</param>
/// <param name="FolderId">addFile: the target folder; addFolder: the parent folder; renameFolder: the folder.</param>
/// <param name="ItemId">changeFile, renameFile, deleteFile: the item.</param>
/// <param name="Name">addFile, addFolder: the new name; renameFile, renameFolder: the new name.</param>
/// <param name="Size">addFile (default 1024), changeFile (default the tip's size): bytes of new content.</param>
/// <param name="ProjectId">ransomware: the project whose every file gets other bytes (or give folderId for one subtree).</param>
internal sealed record MutationRequest(MutationKind Kind, string? FolderId, string? ItemId, string? Name, long? Size, string? ProjectId = null);

/// <summary>The mutations the control endpoint accepts.</summary>
internal enum MutationKind
{
    AddFile,
    ChangeFile,
    RenameFile,
    DeleteFile,
    AddFolder,
    RenameFolder,
    Ransomware,
}
