namespace AccBackup.AccRestore.Activities;

/// <summary>Input of the record step: the restore, and the files per batch its files step used (where each batch's results are).</summary>
public sealed record RecordRestoreInput(string RestoreId, int FilesPerBatch);
