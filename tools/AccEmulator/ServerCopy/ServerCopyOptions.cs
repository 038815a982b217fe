namespace AccEmulator.ServerCopy;

/// <summary>
/// The server-copy mode: signeds3download hands out SAS URLs of blobs this emulator keeps in an Azure Storage account
/// (Azurite), which plays S3. A backup's storage on the same Azurite can then copy them with Put Block From URL, which
/// Azurite implements only from a source on the same instance.
/// </summary>
public sealed record ServerCopyOptions
{
    /// <summary>An account-key connection string of the blob service that holds the objects (the key signs the SAS).</summary>
    public required string ConnectionString { get; init; }

    /// <summary>The container the objects are kept in (default "aps-objects"); created when missing.</summary>
    public string Container { get; init; } = "aps-objects";

    /// <summary>Upload every object when the emulator starts instead of on its first signed-URL request (default false).</summary>
    /// <remarks>Lazily by default: a seed-scaled account holds tens of gigabytes, and a run asks for each object once.
    /// Eagerly when a measurement must not include the upload (the first signeds3download of a 1 GiB object waits for it).</remarks>
    public bool UploadAtStart { get; init; }
}
