namespace AccBackup.Manifest;

/// <summary>The head of a manifest: what a run covered and what it found, before the per-file entries.</summary>
public sealed record ManifestSummary(
    string RunId,
    DateTimeOffset StartedAt,
    DateTimeOffset FinishedAt,
    double DurationSeconds,
    int Projects,
    long Folders,
    long Files,
    long Bytes,
    long Copied,
    long Unchanged,
    long NoContent,
    long Planned,
    long Failed,
    long SizeMismatchCount,
    IReadOnlyList<SizeMismatch> SizeMismatches,
    IReadOnlyList<ProjectFailure> FailedProjects);

/// <summary>A file stored with a byte count different from the size APS reported.</summary>
public sealed record SizeMismatch(string Path, string BlobName, long ApiSize, long StoredSize);

/// <summary>A project that could not be (fully) listed: its files may be missing from the manifest.</summary>
public sealed record ProjectFailure(string ProjectId, string ProjectName, string Error);
