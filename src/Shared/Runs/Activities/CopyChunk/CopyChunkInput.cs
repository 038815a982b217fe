namespace AccBackup.Runs.Activities;

/// <summary>Input of a copy activity.</summary>
/// <param name="NewToBackup">Whether the chunk's versions are new to the backup: the backup held nothing when the run started,
/// or the listing that wrote the chunk compared its files with what the latest finished run stored
/// (<see cref="ListFoldersResult.ComparedWithStored"/>). Its files are then written without looking for their blobs first
/// (<see cref="Backup.Copying.BlobCopier.CopyAllAsync"/>). False in an input an earlier build wrote: every file looks first.</param>
public sealed record CopyChunkInput(string RunId, string InventoryChunk, bool DryRun, bool NewToBackup = false);
