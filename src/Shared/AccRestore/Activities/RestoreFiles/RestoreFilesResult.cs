namespace AccBackup.AccRestore.Activities;

/// <summary>What one batch of files did, in numbers (the per-file results are a blob the record is assembled from).</summary>
public sealed record RestoreFilesResult(int First, int Files, int Failed, int VersionsCreated, long UploadedBytes);
