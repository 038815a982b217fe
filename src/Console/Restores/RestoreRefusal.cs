namespace AccBackup.BackupConsole.Restores;

/// <summary>Why a restore cannot start now (HTTP 409): what is in the way, in a sentence that says when to try again.</summary>
/// <param name="Reason">BackupRunning, RestoreRunning, AlreadyExists, NotPlanned or Unavailable.</param>
/// <param name="Detail">The sentence shown on the page.</param>
public sealed record RestoreRefusal(string Reason, string Detail);
