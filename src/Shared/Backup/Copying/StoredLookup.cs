namespace AccBackup.Backup.Copying;

/// <summary>Whether a batch's copies look for their version among the stored blobs before writing it: always, unless the
/// batch's versions are new to the backup, and then only until one of them is found stored after all.</summary>
/// <remarks>Shared by the concurrent copies of one batch (<see cref="BlobCopier.CopyAllAsync"/>): once one write finds its
/// name taken, the files that start after it look first, so a batch that was not new costs at most the files already in
/// flight a second download.</remarks>
internal sealed class StoredLookup
{
    private volatile bool writesFirst;

    private StoredLookup(bool writesFirst) => this.writesFirst = writesFirst;

    /// <summary>Every copy looks first (a lookup that never changes).</summary>
    public static StoredLookup LookFirst { get; } = new(false);

    /// <summary>A new batch's lookup: writing first when <paramref name="newToBackup"/>.</summary>
    public static StoredLookup For(bool newToBackup) => newToBackup ? new StoredLookup(true) : LookFirst;

    /// <summary>Whether the next copy writes without looking first.</summary>
    public bool WritesFirst => writesFirst;

    /// <summary>A write found its name taken: the batch's next copies look first.</summary>
    public void FoundStored() => writesFirst = false;
}
