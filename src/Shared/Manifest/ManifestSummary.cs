using AccBackup.Manifest.Catalog;

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
    long Deleted,
    long Moved,
    long SizeMismatchCount,
    IReadOnlyList<SizeMismatch> SizeMismatches,
    IReadOnlyList<ProjectFailure> FailedProjects)
{
    /// <summary>How folders were listed: "incremental from run X", or "full: why".</summary>
    public string ListingMode { get; init; } = "full";

    /// <summary>The run whose state this one built on, if any.</summary>
    public string? PreviousRunId { get; init; }

    /// <summary>When the last run that listed every folder started (this run, if it did).</summary>
    public DateTimeOffset? LastFullListingAt { get; init; }

    /// <summary>Of <see cref="SizeMismatchCount"/>, the mismatches the run before did not have: a file whose size APS misreports
    /// stays mismatched night after night, and only its first night is news (0 in manifests written before).</summary>
    public long NewSizeMismatchCount { get; init; }

    /// <summary>Files this run could not list, carried from an earlier run with their stored blobs.</summary>
    public long NotListed { get; init; }

    /// <summary>Files whose newer version this run could not copy; their earlier stored version is kept and listed.</summary>
    public long Carried { get; init; }

    /// <summary>Versions older than their file's tip that the manifest lists (Backup:Versions = All), stored by this run or an
    /// earlier one; not counted in <see cref="Files"/>. Left out of the JSON when 0.</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingDefault)]
    public long EarlierVersions { get; init; }

    /// <summary>The run's ACC Issues export: counts and the projects whose issues failed; null (left out of the JSON) when
    /// issues are not configured, and in manifests written before issues were backed up.</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public IssuesSummary? Issues { get; init; }

    /// <summary>The run's other modules (Sheets, …) and its coverage: per project, each module that could not be read and why;
    /// null (left out of the JSON) when no module beyond files and issues is kept and none failed, and in manifests written before.</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public ModulesSummary? Modules { get; init; }

    /// <summary>The night's proof of stored blobs (<c>Backup:ProveAllWithinDays</c>); null (left out of the JSON) on a first run,
    /// a dry run, and in manifests written before the proof existed.</summary>
    [System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)]
    public ProofSummary? Proof { get; init; }

    /// <summary>Whether the run saw and stored everything: no failed file, no carried file, no project left incomplete, no
    /// project whose issues or other module could not be read, no stored blob found missing or damaged (even one stored again:
    /// someone or something removed or changed a backup blob, which people must hear of).</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public bool IsComplete => Failed == 0 && Carried == 0 && NotListed == 0 && FailedProjects.Count == 0 && (Issues?.FailedProjects.Count ?? 0) == 0
        && (Modules?.Coverage.Count ?? 0) == 0 && Proof?.FoundLoss != true;

    /// <summary>The run's status as the log contract and the Function App report it: Succeeded or CompletedWithErrors.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public string Status => IsComplete ? "Succeeded" : "CompletedWithErrors";
}

/// <summary>A file stored with a byte count different from the size APS reported.</summary>
public sealed record SizeMismatch(string Path, string BlobName, long ApiSize, long StoredSize)
{
    /// <summary>Which size APS stated <see cref="ApiSize"/> is (<see cref="ManifestEntry.SizeReference"/>).</summary>
    public string? SizeReference { get; init; }
}

/// <summary>A project that could not be (fully) listed: its files may be missing from the manifest.</summary>
public sealed record ProjectFailure(string ProjectId, string ProjectName, string Error);

/// <summary>What a run's issue export wrote, over its projects.</summary>
/// <param name="Projects">Projects whose issues were exported.</param>
/// <param name="Issues">Issues in the run's snapshots, deleted ones included.</param>
/// <param name="AttachmentFailures">Attachments whose bytes could not be stored (each project's issues.json says why).</param>
/// <param name="FailedProjects">Projects whose issues could not be exported, and why (naming the setting to fix); their files are unaffected.</param>
public sealed record IssuesSummary(
    int Projects, long Issues, long DeletedIssues, long Comments, long Attachments, long AttachmentFailures, IReadOnlyList<ProjectFailure> FailedProjects)
{
    /// <summary>Of <see cref="Attachments"/>, the Docs file versions kept as references to the run's file backup (0 in manifests written before).</summary>
    public long AttachmentsReferenced { get; init; }

    /// <summary>Issues the run before's snapshots held that ACC lists no more (purged, moved out of the project, or deleted out of
    /// the service account's sight): left out of this run's snapshots, which name them (0 in manifests written before).</summary>
    public long VanishedIssues { get; init; }
}
