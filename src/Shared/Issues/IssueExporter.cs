using System.Collections.Concurrent;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;
using AccBackup.Backup.Copying;
using AccBackup.Issues.Snapshots;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using Azure;
using Azure.Storage.Blobs.Models;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using StoredVersions = System.Lazy<System.Threading.Tasks.Task<System.Collections.Generic.IReadOnlyDictionary<string, AccBackup.Manifest.ManifestEntry>>>;

namespace AccBackup.Issues;

/// <summary>Writes one project's issues for one run: settings, every issue (both passes), comments and attachments read through
/// <see cref="IssuesClient"/>; attachment bytes as write-once blobs (<see cref="BlobCopier"/>); the JSON record and the CSV
/// created once under the run. A second call for the same run and project returns what the first wrote.</summary>
/// <remarks>A Docs file attached to an issue names a file version instead of an OSS object, and the file backup holds those bytes:
/// the attachment is a reference, not copied again. A version the run before stored points at that blob; the file's tip, which
/// this run's file backup stores, is found through this run's manifest until the next run, carrying it, settles it to its blob.
/// A version no run stored (older than the tip, or the file failed or moved on before it was backed up) is copied like any
/// attachment: the version read from Data Management, its storage object downloaded. So every reference a snapshot carries
/// names bytes a kept run holds, and prune keeps them.</remarks>
public sealed partial class IssueExporter
{
    /// <summary>Issues whose comments and attachments are read at once (the Issues quota paces them all).</summary>
    private const int ParallelIssues = 8;

    private readonly IssuesClient client;
    private readonly ApsDataClient data;
    private readonly BlobContainer container;
    private readonly BlobCopier copier;
    private readonly IssuesOptions options;
    private readonly TimeProvider time;
    private readonly ILogger<IssueExporter> logger;

    /// <summary>Creates the exporter.</summary>
    public IssueExporter(
        IssuesClient client, ApsDataClient data, BlobContainer container, BlobCopier copier, IOptions<IssuesOptions> options, TimeProvider time, ILogger<IssueExporter> logger)
    {
        this.client = client;
        this.data = data;
        this.container = container;
        this.copier = copier;
        this.options = options.Value;
        this.time = time;
        this.logger = logger;
    }

    /// <summary>Exports one project; throws <see cref="IssuesAccessException"/> when the Issues API refuses the project.</summary>
    public async Task<IssueExportResult> ExportAsync(IssueExportRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var snapshotBlob = IssueLayout.Snapshot(request.RunId, request.ProjectId);
        if (await IssueSnapshotReader.ReadAsync(container, snapshotBlob, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return Result(written, snapshotBlob, request, issuesRead: 0, copied: 0);
        }

        var exportedAt = time.GetUtcNow();
        var since = request.Previous is { } previous ? previous.ExportedAt - options.UpdatedOverlap : (DateTimeOffset?)null;
        var settings = await client.GetSettingsAsync(request.ProjectId, cancellationToken).ConfigureAwait(false);
        // Each pass's total, asked before the passes read (VanishedIssues says why): what an incremental export carries is checked against it.
        var vanishing = request.Previous is null ? null : await VanishedIssues.CountAsync(client, request.ProjectId, cancellationToken).ConfigureAwait(false);
        var changed = new List<JsonElement>();
        foreach (var deleted in (bool[])[false, true])
        {
            await foreach (var issue in client.ListIssuesAsync(request.ProjectId, deleted, since, cancellationToken).ConfigureAwait(false))
            {
                changed.Add(issue);
            }
        }

        // What the previous snapshot holds of each attachment: bytes stored by an earlier run are never copied again (they cannot
        // change under the same id); a reference still waiting for its run's manifest, or a failure, is decided again.
        var carried = new Dictionary<string, StoredAttachment>(StringComparer.Ordinal);
        foreach (var stored in (request.Previous?.Issues ?? []).SelectMany(r => r.Attachments))
        {
            if (IssueCsv.Text(stored.Attachment, "attachmentId") is { } attachmentId)
            {
                carried.TryAdd(attachmentId, stored);
            }
        }

        var storedVersions = new Lazy<Task<IReadOnlyDictionary<string, ManifestEntry>>>(() => ReadStoredVersionsAsync(request, cancellationToken));
        var records = new ConcurrentDictionary<string, IssueRecord>(StringComparer.Ordinal);
        var copied = 0;
        await Parallel.ForEachAsync(changed, new ParallelOptions { MaxDegreeOfParallelism = ParallelIssues, CancellationToken = cancellationToken }, async (issue, ct) =>
        {
            var (record, newlyCopied) = await ReadIssueAsync(request, issue, carried, storedVersions, ct).ConfigureAwait(false);
            records[record.Id] = record;
            Interlocked.Add(ref copied, newlyCopied);
        }).ConfigureAwait(false);

        // Carry what did not change; a changed issue (updated, deleted, commented) replaces its previous record. An issue ACC lists
        // no more is not carried: the snapshot is the project as it is now (the earlier runs keep it). A reference the carried
        // record still has to resolve is settled now, while the run that stored its version is still the one before.
        var unchanged = (request.Previous?.Issues ?? []).Where(r => !records.ContainsKey(r.Id)).ToList();
        var vanished = vanishing is null
            ? new HashSet<string>()
            : await vanishing.FindAsync([.. records.Values, .. unchanged], unchanged, cancellationToken).ConfigureAwait(false);
        foreach (var record in unchanged.Where(r => !vanished.Contains(r.Id)))
        {
            var (settled, newlyCopied) = await SettleReferencesAsync(request, record, storedVersions, cancellationToken).ConfigureAwait(false);
            records[record.Id] = settled;
            copied += newlyCopied;
        }

        if (vanished.Count > 0)
        {
            Log.IssuesVanished(logger, request.ProjectId, vanished.Count, request.Previous!.RunId);
        }

        var snapshot = new IssueSnapshot(request.ProjectId, request.ProjectName, request.RunId, exportedAt, since, request.Previous?.RunId, settings,
            [.. records.Values.OrderBy(r => r.Issue.TryGetProperty("displayId", out var id) && id.TryGetInt64(out var n) ? n : long.MaxValue).ThenBy(r => r.Id, StringComparer.Ordinal)])
        {
            VanishedIssueIds = vanished.Count == 0 ? null : [.. unchanged.Select(r => r.Id).Where(vanished.Contains)],
        };
        await WriteOnceAsync(IssueLayout.Csv(request.RunId, request.ProjectId), IssueCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await WriteOnceAsync(snapshotBlob, JsonSerializer.SerializeToUtf8Bytes(snapshot, IssueJsonContext.Default.IssueSnapshot), "application/json", cancellationToken).ConfigureAwait(false);
        var result = Result(snapshot, snapshotBlob, request, changed.Count, copied);
        Log.Exported(logger, request.ProjectId, result.Issues, result.IssuesRead, result.IssuesVanished, result.Comments, result.Attachments, result.AttachmentsReferenced, result.AttachmentFailures);
        return result;
    }

    private async Task<(IssueRecord Record, int Copied)> ReadIssueAsync(
        IssueExportRequest request, JsonElement issue, Dictionary<string, StoredAttachment> carried, StoredVersions storedVersions, CancellationToken cancellationToken)
    {
        var issueId = new JsonApiReader(ApsEndpoint.Issues).RequiredString(issue, "id");
        // The issue says how many comments it has: an issue without any costs no call for them.
        IReadOnlyList<JsonElement> comments = issue.TryGetProperty("commentCount", out var count) && count.ValueKind == JsonValueKind.Number && count.GetInt64() == 0
            ? []
            : await client.ListCommentsAsync(request.ProjectId, issueId, cancellationToken).ConfigureAwait(false);
        var attachments = new List<StoredAttachment>();
        var copied = 0;
        foreach (var attachment in await client.ListAttachmentsAsync(request.ProjectId, issueId, cancellationToken).ConfigureAwait(false))
        {
            var id = IssueCsv.Text(attachment, "attachmentId");
            var before = id is null ? null : carried.GetValueOrDefault(id);
            if (before is { BlobName: not null, Error: null } && (before.ReferencedVersion is null || before.ReferencedVersion == IssueCsv.Text(attachment, "versionUrn")))
            {
                attachments.Add(before with { Attachment = attachment });
                continue;
            }

            // A reference deferred to the run before is not deferred again: that run stored the version, or its bytes are copied now.
            var (result, isNew) = await StoreAsync(
                request, issue, attachment, storedVersions, referenceTip: before is not { IsUnresolvedReference: true }, cancellationToken).ConfigureAwait(false);
            attachments.Add(result);
            copied += isNew ? 1 : 0;
        }

        return (new IssueRecord(issue, comments, attachments), copied);
    }

    /// <summary>A carried record whose references all point at stored bytes: one to a version the run before stored becomes a
    /// reference to that blob; one no run stored (the file failed, was hidden, or moved on before it was backed up) is copied.
    /// An attachment that could not be stored before is tried again (a snapshot of an earlier version recorded Docs files so).</summary>
    private async Task<(IssueRecord Record, int Copied)> SettleReferencesAsync(
        IssueExportRequest request, IssueRecord record, StoredVersions storedVersions, CancellationToken cancellationToken)
    {
        if (!record.Attachments.Any(NeedsStoring))
        {
            return (record, 0);
        }

        var attachments = new List<StoredAttachment>();
        var copied = 0;
        foreach (var attachment in record.Attachments)
        {
            if (!NeedsStoring(attachment))
            {
                attachments.Add(attachment);
                continue;
            }

            var (result, isNew) = await StoreAsync(request, record.Issue, attachment.Attachment, storedVersions, referenceTip: false, cancellationToken).ConfigureAwait(false);
            attachments.Add(result);
            copied += isNew ? 1 : 0;
        }

        return (record with { Attachments = attachments }, copied);
    }

    private static bool NeedsStoring(StoredAttachment attachment) => attachment.IsUnresolvedReference || attachment.Error is not null;

    // The file versions the run before stored. Unreadable, none is referenced: tips wait for this run's manifest and the rest
    // are copied, which costs bytes but never loses any; the project's export goes on.
    private async Task<IReadOnlyDictionary<string, ManifestEntry>> ReadStoredVersionsAsync(IssueExportRequest request, CancellationToken cancellationToken)
    {
        if (request.StoredVersions is null)
        {
            return new Dictionary<string, ManifestEntry>();
        }

        try
        {
            return await request.StoredVersions(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is RequestFailedException or InvalidDataException or JsonException or InvalidOperationException)
        {
            Log.StoredVersionsUnreadable(logger, request.ProjectId, e.Message);
            return new Dictionary<string, ManifestEntry>();
        }
    }

    /// <summary>Stores one attachment's bytes, or for a Docs file version the file backup holds, references it: the blob the run
    /// before stored, or with <paramref name="referenceTip"/> the file's tip, which this run's file backup stores.</summary>
    private async Task<(StoredAttachment Stored, bool Copied)> StoreAsync(
        IssueExportRequest request, JsonElement issue, JsonElement attachment, StoredVersions storedVersions, bool referenceTip, CancellationToken cancellationToken)
    {
        var id = IssueCsv.Text(attachment, "attachmentId");
        // ACC's fileName is the attachment's id with its extension, a safe blob name; displayName is what a person called it.
        var name = IssueCsv.Text(attachment, "fileName") ?? IssueCsv.Text(attachment, "displayName") ?? id ?? "attachment";
        var shown = IssueCsv.Text(attachment, "displayName") ?? name;
        if (IssueCsv.Text(attachment, "storageUrn") is null && IssueCsv.Text(attachment, "versionUrn") is { } versionUrn)
        {
            if ((await storedVersions.Value.ConfigureAwait(false)).TryGetValue(versionUrn, out var file))
            {
                return (StoredAttachment.Reference(attachment, versionUrn, file), false);
            }

            if (referenceTip && versionUrn == IssueCsv.Text(attachment, "tipVersionUrn"))
            {
                return (StoredAttachment.Reference(attachment, versionUrn), false);
            }
        }

        var (storage, error) = id is null
            ? (null, "not stored: the attachment has no attachmentId")
            : await StorageOfAsync(request.ProjectId, attachment, cancellationToken).ConfigureAwait(false);
        if (id is null || storage is null)
        {
            Log.AttachmentFailed(logger, request.ProjectId, id ?? name, error!);
            return (new StoredAttachment(attachment, null, null, null, error), false);
        }

        var copy = new FileCopyRequest(request.ProjectId, IssueCsv.Text(issue, "id")!, id, 1,
            attachment.TryGetProperty("fileSize", out var size) && size.TryGetInt64(out var bytes) ? bytes : null, storage,
            IssueLayout.Attachment(request.ProjectId, id, name), $"{request.ProjectName}/Issues/#{IssueCsv.Text(issue, "displayId")}/{shown}", null);
        try
        {
            var result = await copier.CopyAsync(copy, cancellationToken).ConfigureAwait(false);
            return (new StoredAttachment(attachment, result.Request.BlobName, result.StoredBytes, result.Sha256, null), result.Status == FileCopyStatus.Copied);
        }
        catch (FileCopyException e)
        {
            Log.AttachmentFailed(logger, request.ProjectId, id, e.Reason);
            return (new StoredAttachment(attachment, null, null, null, e.Reason), false);
        }
    }

    /// <summary>Where an attachment's bytes are: its OSS <c>storageUrn</c>, or the storage of the Docs file version it names
    /// (one Data Management call); otherwise why not.</summary>
    private async Task<(OssObject? Storage, string? Error)> StorageOfAsync(string projectId, JsonElement attachment, CancellationToken cancellationToken)
    {
        if (IssueCsv.Text(attachment, "storageUrn") is { } urn)
        {
            return OssObject.TryParse(urn) is { } storage ? (storage, null) : (null, $"not stored: unrecognised storageUrn '{urn}'");
        }

        if (IssueCsv.Text(attachment, "versionUrn") is not { } versionUrn)
        {
            return (null, "not stored: the attachment has neither an OSS storageUrn nor a Docs versionUrn");
        }

        try
        {
            var version = await data.GetVersionAsync(projectId, versionUrn, cancellationToken).ConfigureAwait(false);
            return version.Storage is { } storage ? (storage, null) : (null, $"not stored: Docs file version {versionUrn} has no bytes");
        }
        catch (ApsException e)
        {
            return (null, $"not stored: Docs file version {versionUrn} could not be read: {e.Message}");
        }
    }

    private async Task WriteOnceAsync(string blobName, byte[] content, string contentType, CancellationToken cancellationToken)
    {
        try
        {
            await container.UploadAsync(blobName, content, new BlobUploadOptions { HttpHeaders = new BlobHttpHeaders { ContentType = contentType }, Conditions = BlobContainer.CreateOnly }, cancellationToken).ConfigureAwait(false);
        }
        catch (RequestFailedException e) when (e.ErrorCode == BlobErrorCode.BlobAlreadyExists || e.ErrorCode == BlobErrorCode.ConditionNotMet)
        {
            // A repeated attempt of this export wrote it first (the snapshot last, so its presence means both are there).
        }
    }

    private static IssueExportResult Result(IssueSnapshot snapshot, string snapshotBlob, IssueExportRequest request, int issuesRead, int copied) => new(
        snapshotBlob, IssueLayout.Csv(request.RunId, request.ProjectId), snapshot.Issues.Count, snapshot.Issues.Count(i => i.Deleted),
        snapshot.Issues.Sum(i => i.Comments.Count), snapshot.Issues.Sum(i => i.Attachments.Count), issuesRead, copied,
        snapshot.Issues.Sum(i => i.Attachments.Count(a => a.Error is not null)), snapshot.Issues.Sum(i => i.Attachments.Count(a => a.IsReferenced)),
        snapshot.VanishedIssueIds?.Count ?? 0);

    private static partial class Log
    {
        [LoggerMessage(EventId = 9010, Level = LogLevel.Information, Message = "Issues of {ProjectId} exported: {Issues} issues ({IssuesRead} read, {IssuesVanished} no longer listed), {Comments} comments, {Attachments} attachments ({AttachmentsReferenced} Docs files referenced), {AttachmentFailures} attachments not stored")]
        public static partial void Exported(ILogger logger, string projectId, int issues, int issuesRead, int issuesVanished, int comments, int attachments, int attachmentsReferenced, int attachmentFailures);

        [LoggerMessage(EventId = 9014, Level = LogLevel.Warning, Message = "Issues of {ProjectId}: the files the previous run stored could not be read ({Reason}); Docs file attachments are copied instead of referenced")]
        public static partial void StoredVersionsUnreadable(ILogger logger, string projectId, string reason);

        [LoggerMessage(EventId = 9011, Level = LogLevel.Warning, Message = "Attachment {AttachmentId} of project {ProjectId} not stored: {Reason}")]
        public static partial void AttachmentFailed(ILogger logger, string projectId, string attachmentId, string reason);

        [LoggerMessage(EventId = 9013, Level = LogLevel.Warning, Message = "Issues of {ProjectId}: {IssuesVanished} issues of run {BasedOnRunId} are no longer listed (purged, moved out of the project, or deleted where the service account cannot see deleted issues): left out of this snapshot, kept in the earlier ones")]
        public static partial void IssuesVanished(ILogger logger, string projectId, int issuesVanished, string basedOnRunId);
    }
}
