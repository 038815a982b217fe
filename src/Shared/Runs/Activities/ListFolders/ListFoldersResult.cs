using System.Text.Json.Serialization;
using AccBackup.Manifest;

namespace AccBackup.Runs.Activities;

/// <summary>Output of a listing activity: references and counts only, never file lists.</summary>
/// <param name="InventoryChunks">How many chunks to copy it wrote: <see cref="RunLayout.InventoryChunk"/> of its output key, 0 to this count.</param>
/// <param name="UnchangedFolders">Folders whose rollup time was the previous run's: their subtree taken from that run, not listed.</param>
/// <param name="UnchangedFiles">Files with nothing to copy (in unchanged folders, or reusing a blob an earlier run stored): counted unchanged.</param>
/// <param name="ComparedWithStored">Whether the listed files were compared with what the latest finished run stored: then a
/// file given to copy is a version no finished run stored (<see cref="CopyChunkInput.NewToBackup"/>). False when there was no
/// such run, it was unreadable, or copies are forced.</param>
/// <remarks>The two counts keep their earlier JSON names, so a listing's result in a task hub's history still reads.</remarks>
public sealed record ListFoldersResult(
    int InventoryChunks,
    string? SubFoldersBlob,
    int SubFolders,
    int FoldersListed,
    int Files,
    long Bytes,
    IReadOnlyList<string> Errors,
    [property: JsonPropertyName("CarriedFolders")] int UnchangedFolders = 0,
    [property: JsonPropertyName("CarriedFiles")] int UnchangedFiles = 0,
    bool ComparedWithStored = false);
