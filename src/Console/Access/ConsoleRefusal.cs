namespace AccBackup.BackupConsole.Access;

/// <summary>Why a request was refused, with its HTTP status (401 or 403).</summary>
public sealed record ConsoleRefusal(int Status, string Reason);
