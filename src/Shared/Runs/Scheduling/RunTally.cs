namespace AccBackup.Runs.Scheduling;

/// <summary>A run's counters: the one place statuses are counted while the run goes on.</summary>
/// <remarks>Mutable and serializable: it lives inside <see cref="RunScheduleState"/>.</remarks>
public sealed class RunTally
{
    public int ProjectsTotal { get; set; }

    public int ProjectsDone { get; set; }

    public long FoldersListed { get; set; }

    /// <summary>Folders taken unchanged from the previous run (their rollup time the same), not listed.</summary>
    /// <remarks>Its earlier JSON name, so a tally in a task hub's history still reads.</remarks>
    [System.Text.Json.Serialization.JsonPropertyName("FoldersCarried")]
    public long FoldersUnchanged { get; set; }

    public long FilesFound { get; set; }

    public long BytesFound { get; set; }

    public long Copied { get; set; }

    public long Unchanged { get; set; }

    public long NoContent { get; set; }

    public long Planned { get; set; }

    public long Failed { get; set; }

    public long BytesCopied { get; set; }

    public long SizeMismatches { get; set; }

    public int ListingsStarted { get; set; }

    public int CopiesStarted { get; set; }

    public int ListingsFailed { get; set; }

    public int CopiesFailed { get; set; }

    /// <summary>Projects whose issues were exported.</summary>
    public int IssueProjects { get; set; }

    /// <summary>Projects whose issues could not be exported.</summary>
    public int IssueProjectsFailed { get; set; }

    public long Issues { get; set; }

    public long DeletedIssues { get; set; }

    public long IssueComments { get; set; }

    public long IssueAttachments { get; set; }

    /// <summary>Attachments whose bytes could not be stored (each snapshot says why).</summary>
    public long IssueAttachmentFailures { get; set; }

    /// <summary>Attachments that are Docs file versions the file backup stores: referenced, not copied again.</summary>
    public long IssueAttachmentsReferenced { get; set; }

    /// <summary>Issues of the run before that ACC lists no more, left out of this run's snapshots.</summary>
    public long IssuesVanished { get; set; }

    /// <summary>The modules beyond files and issues (Sheets, …): counts and coverage.</summary>
    public Activities.ModuleTally Modules { get; init; } = new();

    /// <summary>Adds another tally's counts (a project's, into its run's).</summary>
    public void Add(RunTally other)
    {
        ArgumentNullException.ThrowIfNull(other);
        ProjectsTotal += other.ProjectsTotal;
        ProjectsDone += other.ProjectsDone;
        FoldersListed += other.FoldersListed;
        FoldersUnchanged += other.FoldersUnchanged;
        FilesFound += other.FilesFound;
        BytesFound += other.BytesFound;
        Copied += other.Copied;
        Unchanged += other.Unchanged;
        NoContent += other.NoContent;
        Planned += other.Planned;
        Failed += other.Failed;
        BytesCopied += other.BytesCopied;
        SizeMismatches += other.SizeMismatches;
        ListingsStarted += other.ListingsStarted;
        CopiesStarted += other.CopiesStarted;
        ListingsFailed += other.ListingsFailed;
        CopiesFailed += other.CopiesFailed;
        IssueProjects += other.IssueProjects;
        IssueProjectsFailed += other.IssueProjectsFailed;
        Issues += other.Issues;
        DeletedIssues += other.DeletedIssues;
        IssueComments += other.IssueComments;
        IssueAttachments += other.IssueAttachments;
        IssueAttachmentFailures += other.IssueAttachmentFailures;
        IssueAttachmentsReferenced += other.IssueAttachmentsReferenced;
        IssuesVanished += other.IssuesVanished;
        Modules.Add(other.Modules);
    }

    /// <summary>The issue counts for the manifest; null when no project's issues were exported or attempted.</summary>
    public Manifest.IssuesSummary? ToIssuesSummary(IReadOnlyList<Manifest.ProjectFailure> failures) =>
        IssueProjects + IssueProjectsFailed == 0 && failures.Count == 0
            ? null
            : new(IssueProjects, Issues, DeletedIssues, IssueComments, IssueAttachments, IssueAttachmentFailures, failures)
            {
                AttachmentsReferenced = IssueAttachmentsReferenced,
                VanishedIssues = IssuesVanished,
            };

    /// <summary>The progress record the CLI shows and the orchestration puts in its custom status.</summary>
    public BackupProgress ToProgress(string runId, string phase) => new(
        runId, phase, ProjectsDone, ProjectsTotal, FoldersListed + FoldersUnchanged, FilesFound, Copied, Unchanged, NoContent, Failed,
        BytesCopied, BytesFound, SizeMismatches) { FilesPlanned = Planned };
}
