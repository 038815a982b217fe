namespace AccBackup.Backup.Settings;

/// <summary>How a file's bytes get from APS's signed URL into blob storage (<c>Copy:Mode</c>).</summary>
public enum CopyMode
{
    /// <summary>Ranged GETs through this process, hashed (SHA-256, and SHA-1 against APS) on the way: the default.</summary>
    Stream,

    /// <summary>Put Block From URL: the storage service pulls each block from the signed URL, so no file byte passes
    /// through this process; only the size can be checked. A file the service refuses falls back to <see cref="Stream"/>.</summary>
    Server,
}
