namespace AccBackup.Backup.SignedDownloads;

/// <summary>The signed URL was refused (403) even after it was renewed.</summary>
internal sealed class SignedUrlExpiredException() : Exception("the signed URL was refused (403) even when renewed");
