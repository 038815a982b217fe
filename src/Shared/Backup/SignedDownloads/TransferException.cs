namespace AccBackup.Backup.SignedDownloads;

/// <summary>A transfer failed every attempt (network, truncation, 5xx, 429, timeout), or the source redirected it.</summary>
internal sealed class TransferException(string reason, Exception? inner = null) : Exception(reason, inner);
