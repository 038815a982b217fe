namespace AccBackup.Backup.Copying;

/// <summary>The words a copy result (and the manifest after it) uses for how a file was moved and how it was checked.</summary>
/// <remarks>A result never claims more than was checked: a server-side copy has no SHA-256, because no byte was seen.</remarks>
public static class CopyMethods
{
    /// <summary>Transfer: streamed through this process (<see cref="CopyMode.Stream"/>).</summary>
    public const string Stream = "stream";

    /// <summary>Transfer: copied by the storage service from the signed URL (<see cref="CopyMode.Server"/>).</summary>
    public const string Server = "server";

    /// <summary>Transfer: <see cref="CopyMode.Server"/> was asked for, the service refused (or APS stated no size), so the file was streamed.</summary>
    public const string StreamFallback = "stream-fallback";

    /// <summary>Verification: SHA-256 of every byte written, computed while streaming; APS's size checked (unless it is the size reference, see <see cref="SizeReferences"/>), and APS's SHA-1 matched.</summary>
    public const string Sha256AndApsSha1 = "sha256+aps-sha1";

    /// <summary>Verification: SHA-256 of every byte written, computed while streaming; APS's size checked (unless it is the size reference); APS stated no SHA-1.</summary>
    public const string Sha256 = "sha256";

    /// <summary>Verification: only the byte count: the service's staged block sizes equal the size APS stated. No hash.</summary>
    public const string SizeOnly = "size";
}
