using AccBackup.Storage;

namespace AccBackup.Retention;

/// <summary>What a prune removed (or, in a dry run, would remove) and what it kept.</summary>
/// <param name="Container">The backup container's address.</param>
/// <param name="DryRun">Whether nothing was deleted: every count says what a prune would remove.</param>
/// <param name="Policy">The retention policy applied.</param>
/// <param name="Cutoff">When the newest kept run started: only blobs created before it are removed, so a backup running now
/// loses nothing it writes. Null when there is no backup run (then nothing is removed).</param>
/// <param name="Runs">Every run, newest first, kept (with why) or removed; then the dry runs, and the runs that never wrote a
/// manifest and are not running (their working records removed).</param>
/// <param name="RemovedBlobs">The backed-up blobs no kept run references, removed (or to remove).</param>
/// <param name="RetainedBlobs">Blobs no kept run references that a retention (immutability) policy or legal hold keeps.</param>
/// <param name="Holds">What forbids deletes in the whole container, as its properties say.</param>
/// <param name="Refusal">Why storage refused to delete (e.g. no delete right), when it did: the prune stopped there.</param>
public sealed record PruneReport(
    string Container,
    bool DryRun,
    RetentionPolicy Policy,
    DateTimeOffset? Cutoff,
    IReadOnlyList<PrunedRun> Runs,
    IReadOnlyList<PrunedBlob> RemovedBlobs,
    IReadOnlyList<PrunedBlob> RetainedBlobs,
    ContainerHolds Holds,
    string? Refusal)
{
    /// <summary>Runs kept.</summary>
    public int RunsKept => Runs.Count(r => !r.Removed);

    /// <summary>Runs removed (their manifests and run records).</summary>
    public int RunsRemoved => Runs.Count(r => r.Removed);

    /// <summary>Backed-up blobs removed.</summary>
    public long BlobsRemoved => RemovedBlobs.Count;

    /// <summary>Bytes freed: the removed blobs and the removed runs' records.</summary>
    public long BytesFreed => RemovedBlobs.Sum(b => b.Bytes) + Runs.Where(r => r.Removed).Sum(r => r.Bytes);

    /// <summary>Blobs kept because a retention policy or legal hold forbids deleting them.</summary>
    public long BlobsRetained => RetainedBlobs.Count;

    /// <summary>Whether the prune did all it set out to: false when storage refused a delete for another reason than retention.</summary>
    public bool Succeeded => Refusal is null;
}

/// <summary>One run and what the prune decided for it.</summary>
/// <param name="KeptFor">Why it is kept; empty when it is removed.</param>
/// <param name="Removed">Whether its manifest and run records were removed (or would be, in a dry run).</param>
/// <param name="Note">E.g. that it was a dry run, not a backup.</param>
/// <param name="Blobs">Blobs of its run folders (manifest, CSV, run records in the state container).</param>
/// <param name="Bytes">Their bytes.</param>
public sealed record PrunedRun(string RunId, DateTimeOffset StartedAt, IReadOnlyList<RetentionReason> KeptFor, bool Removed, string? Note, long Blobs, long Bytes);

/// <summary>A blob removed or kept by a prune.</summary>
/// <param name="Reason">Why it was kept (retention policy, legal hold); null for a removed blob.</param>
public sealed record PrunedBlob(string Name, long Bytes, string? Reason = null);
