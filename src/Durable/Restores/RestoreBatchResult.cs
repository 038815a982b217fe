namespace AccBackup.Durable.Restores;

/// <summary>What one batch did, in numbers (the per-file results are a blob the record is assembled from).</summary>
public sealed record RestoreBatchResult(int First, int Files, int Failed, int VersionsCreated, long UploadedBytes);
