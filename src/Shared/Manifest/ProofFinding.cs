namespace AccBackup.Manifest;

/// <summary>A stored blob the nightly proof found missing, damaged or unreadable, and what became of it.</summary>
/// <param name="Path">The ACC path of the file whose version the blob holds.</param>
/// <param name="BlobName">The blob the latest run's manifest names.</param>
/// <param name="Problem">What was found: <c>missing</c>, <c>damaged</c> or <c>unreadable</c>.</param>
/// <param name="Detail">Expected and found, in words; and why the version could not be stored again, when it could not.</param>
/// <param name="RestoredTo">The blob now holding the version again, stored from ACC (<paramref name="BlobName"/> for a missing
/// one, a new name for a damaged one: the write-once container never replaces a blob); null when not restored.</param>
/// <param name="StoredSize">Bytes the restored blob holds.</param>
/// <param name="Sha256">SHA-256 of the restored bytes; null when the storage service copied them (size only).</param>
/// <param name="Verification">How the restored copy was checked (the manifest entry's verification word).</param>
public sealed record ProofFinding(
    string Path, string BlobName, string Problem, string Detail, string? RestoredTo = null, long? StoredSize = null, string? Sha256 = null, string? Verification = null)
{
    /// <summary>A blob that is gone.</summary>
    public const string Missing = "missing";

    /// <summary>A blob whose length, version or SHA-256 is not the one recorded.</summary>
    public const string Damaged = "damaged";

    /// <summary>A blob that could not be read tonight.</summary>
    public const string Unreadable = "unreadable";

    /// <summary>Whether the manifest must now name another blob for this version: a damaged blob stored again under a new name.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool MovesEntries => RestoredTo is not null && RestoredTo != BlobName;

    /// <summary>Points <paramref name="entry"/>, which names the damaged blob, at the restored one.</summary>
    public ManifestEntry Repoint(ManifestEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        return entry with { BlobName = RestoredTo, StoredSize = StoredSize, Sha256 = Sha256, Verification = Verification };
    }
}
