namespace AccBackup.Backup.Copying;

/// <summary>The bytes disagree with what the source promised (it changed mid-copy): the file is not committed.</summary>
internal sealed class FileIntegrityException(string reason) : Exception(reason);
