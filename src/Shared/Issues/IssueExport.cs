using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;


namespace AccBackup.Issues;

/// <summary>What to export: one project's issues for one run; with <paramref name="Previous"/> (the snapshot of the run
/// before), only issues updated since it started (less <c>Issues:UpdatedOverlap</c>) are read, the rest carried, except those ACC
/// lists no more (<see cref="IssueExportResult.IssuesVanished"/>).</summary>
/// <param name="StoredVersions">The file versions of the project the run before stored, by version id: a Docs file attached to
/// an issue that is among them points at that blob. Read only if an attachment asks; null when there is no run before.</param>
public sealed record IssueExportRequest(string RunId, string ProjectId, string ProjectName, IssueSnapshot? Previous = null, StoredVersionsReader? StoredVersions = null);

/// <summary>Reads the file versions a run stored, by version id (a manifest entry's <c>versionId</c>, a Docs attachment's
/// <c>versionUrn</c>).</summary>
public delegate Task<IReadOnlyDictionary<string, ManifestEntry>> StoredVersionsReader(CancellationToken cancellationToken);

/// <summary>How one project's issue export ended.</summary>
/// <param name="IssuesRead">Issues read from APS this run (all of them for a full read, the changed ones otherwise).</param>
/// <param name="AttachmentsCopied">Attachments whose bytes were stored by this export (the rest were stored already).</param>
/// <param name="AttachmentFailures">Attachments whose bytes could not be stored; the snapshot records why.</param>
/// <param name="IssuesVanished">Issues of the run before's snapshot that ACC lists no more (purged, moved out of the project, or
/// deleted out of the service account's sight): left out of this snapshot (<see cref="IssueSnapshot.VanishedIssueIds"/>).</param>
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
    int AttachmentsReferenced,
    int IssuesVanished);
