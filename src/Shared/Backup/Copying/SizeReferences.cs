namespace AccBackup.Backup.Copying;

/// <summary>The words a copy result (and the manifest after it) uses for which size APS stated that the stored bytes are compared with.</summary>
/// <remarks>APS's reference examples of versions omit <c>storageSize</c>: without the signed download's size as a second
/// reference, such a version's stored size would be checked against nothing.</remarks>
public static class SizeReferences
{
    /// <summary>The version's <c>storageSize</c> in APS's listing (Data Management).</summary>
    public const string Aps = "aps";

    /// <summary>The <c>size</c> signeds3download stated for the version's object, used when the listing stated no <c>storageSize</c>.</summary>
    public const string SignedDownload = "signedDownload";
}
