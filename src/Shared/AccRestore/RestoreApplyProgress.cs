namespace AccBackup.AccRestore;

/// <summary>How far the writes of a restore have got.</summary>
public sealed record RestoreApplyProgress(int Done, int Total);
