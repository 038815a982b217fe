namespace AccBackup.Issues;

/// <summary>What to export: one project's issues for one run; with <paramref name="Previous"/> (the snapshot of the run
/// before), only issues updated since it started (less <c>Issues:UpdatedOverlap</c>) are read, the rest carried.</summary>
public sealed record IssueExportRequest(string RunId, string ProjectId, string ProjectName, IssueSnapshot? Previous = null);

/// <summary>How one project's issue export ended.</summary>
/// <param name="IssuesRead">Issues read from APS this run (all of them for a full read, the changed ones otherwise).</param>
/// <param name="AttachmentsCopied">Attachments whose bytes were stored by this export (the rest were stored already).</param>
/// <param name="AttachmentFailures">Attachments whose bytes could not be stored; the snapshot records why.</param>
/// <param name="AttachmentsReferenced">Attachments that are Docs file versions the run's file backup stores: referenced, not copied (<see cref="StoredAttachment.ReferencedVersion"/>).</param>
public sealed record IssueExportResult(
    string SnapshotBlob,
    string CsvBlob,
    int Issues,
    int DeletedIssues,
    int Comments,
    int Attachments,
    int IssuesRead,
    int AttachmentsCopied,
    int AttachmentFailures,
    int AttachmentsReferenced);
