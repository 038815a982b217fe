namespace AccBackup.Manifest;

/// <summary>Manifest entries counted by status, with their bytes: the one place statuses are counted, for a copied chunk,
/// a manifest's summary and a run's live progress alike.</summary>
/// <remarks>Not thread-safe: callers that add from several threads hold their own lock.</remarks>
public sealed class StatusCounts
{
    /// <summary>Entries of files in ACC today: every status but <see cref="ManifestStatus.Deleted"/> and <see cref="ManifestStatus.Moved"/>.</summary>
    public long Files { get; private set; }

    /// <summary>Files copied by this run.</summary>
    public long Copied { get; private set; }

    /// <summary>Files already stored and verified by an earlier run.</summary>
    public long Unchanged { get; private set; }

    /// <summary>Files whose version has no bytes.</summary>
    public long NoContent { get; private set; }

    /// <summary>Files a dry run would copy.</summary>
    public long Planned { get; private set; }

    /// <summary>Files, and earlier versions, that could not be stored.</summary>
    public long Failed { get; private set; }

    /// <summary>Files carried from an earlier run because this run could not list them.</summary>
    public long NotListed { get; private set; }

    /// <summary>Files whose newer version failed to copy; their stored earlier version is kept.</summary>
    public long Carried { get; private set; }

    /// <summary>History: files gone from ACC whose blobs stay.</summary>
    public long Deleted { get; private set; }

    /// <summary>History: old paths of renamed or moved files whose blobs stay.</summary>
    public long Moved { get; private set; }

    /// <summary>Earlier versions (<see cref="ManifestEntry.EarlierVersion"/>) stored, by this run or an earlier one: not files of the account.</summary>
    public long EarlierVersions { get; private set; }

    /// <summary>Bytes stored for the <see cref="Files"/> (by this run or an earlier one).</summary>
    public long StoredBytes { get; private set; }

    /// <summary>Bytes this run copied (earlier versions' included).</summary>
    public long CopiedBytes { get; private set; }

    /// <summary>Files stored with a byte count other than the size APS reported.</summary>
    public long SizeMismatches { get; private set; }

    /// <summary>The counts of <paramref name="entries"/>.</summary>
    public static StatusCounts Of(IEnumerable<ManifestEntry> entries)
    {
        ArgumentNullException.ThrowIfNull(entries);
        var counts = new StatusCounts();
        foreach (var entry in entries)
        {
            counts.Add(entry);
        }

        return counts;
    }

    /// <summary>Counts one entry.</summary>
    public void Add(ManifestEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        if (entry.EarlierVersion)
        {
            AddEarlierVersion(entry);
            return;
        }

        switch (entry.Status)
        {
            // History, not part of ACC today: counted on its own, not as a file of the account.
            case ManifestStatus.Deleted: Deleted++; return;
            case ManifestStatus.Moved: Moved++; return;
            case ManifestStatus.Copied: Copied++; CopiedBytes += entry.StoredSize ?? 0; break;
            case ManifestStatus.Unchanged: Unchanged++; break;
            case ManifestStatus.NoContent: NoContent++; break;
            case ManifestStatus.Planned: Planned++; break;
            case ManifestStatus.Failed: Failed++; break;
            case ManifestStatus.NotListed: NotListed++; break;
            case ManifestStatus.Carried: Carried++; break;
        }

        Files++;
        StoredBytes += entry.StoredSize ?? 0;
        SizeMismatches += entry.SizeMismatch ? 1 : 0;
    }

    // Not a file of the account, so apart from Files; but its bytes were copied, and a failure or a plan is the run's.
    private void AddEarlierVersion(ManifestEntry entry)
    {
        switch (entry.Status)
        {
            case ManifestStatus.Copied: EarlierVersions++; CopiedBytes += entry.StoredSize ?? 0; break;
            case ManifestStatus.Unchanged: EarlierVersions++; break;
            case ManifestStatus.Planned: Planned++; break;
            case ManifestStatus.Failed: Failed++; break;
        }
    }
}
