using AccBackup.Manifest;



namespace AccBackup.Runs.Activities;

/// <summary>Output of a listing activity: references and counts only, never file lists.</summary>
/// <param name="InventoryChunks">How many chunks to copy it wrote: <see cref="RunLayout.InventoryChunk"/> of its output key, 0 to this count.</param>
public sealed record ListFoldersResult(
    int InventoryChunks,
    string? SubFoldersBlob,
    int SubFolders,
    int FoldersListed,
    int Files,
    long Bytes,
    IReadOnlyList<string> Errors,
    int CarriedFolders = 0,
    int CarriedFiles = 0);
