using System.Collections.Concurrent;
using System.Text.Json;
using AccBackup.Acc.JsonApi;
using AccBackup.Acc;
using AccBackup.Backup.Copying;
using AccBackup.Manifest;
using AccBackup.Storage;
using Azure;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using StoredVersions = System.Lazy<System.Threading.Tasks.Task<System.Collections.Generic.IReadOnlyDictionary<string, AccBackup.Manifest.ManifestEntry>>>;

namespace AccBackup.Modules.Rfis;

/// <summary>Writes one project's RFIs for one run: the RFIs listed through <see cref="RfisClient"/> (every one on the first night
/// and every <c>Rfis:FullReadEveryDays</c>, otherwise only those updated since the run before), each changed RFI read whole
/// with its comments and attachments, attachment bytes as write-once blobs (<see cref="BlobCopier"/>) stored once across
/// nights; the JSON record and the CSV created once under the run. A second call for the same run and project returns what
/// the first wrote.</summary>
/// <remarks>An RFI whose <c>updatedAt</c> is the one the run before recorded is carried, not read again: three calls saved per
/// RFI against a quota of 100 a minute. A night that lists only changes cannot see an RFI ACC no longer lists; the full read
/// drops it (earlier runs keep it).
/// A Docs file attached to an RFI (it names a <c>versionUrn</c>) is bytes the file backup holds: referenced, not copied, as the
/// Issues export does. A version the run before stored points at that blob; the file's tip, which this run's file backup stores,
/// is found through this run's manifest until the next night, carrying it, settles it to its blob. A version no run stored (older
/// than the tip, or the file failed before it was backed up) is copied from its <c>storageUrn</c> like any attachment, or, when
/// it has none, from the storage Data Management names for the version.</remarks>
public sealed partial class RfiExporter(
    RfisClient client, ApsDataClient data, BlobCopier copier, BlobContainer container, IOptions<RfisOptions> options, TimeProvider time, ILogger<RfiExporter> logger)
    : IProjectModuleExporter
{
    /// <summary>RFIs whose comments and attachments are read at once (the RFIs quota paces them all).</summary>
    private const int ParallelRfis = 4;

    /// <summary>The counts this exporter reports (<see cref="Manifest.ModuleTotals.Counts"/>).</summary>
    public static class Counts
    {
        /// <summary>RFIs in the snapshot, hidden and void ones included.</summary>
        public const string Rfis = "rfis";

        /// <summary>Of <see cref="Rfis"/>, those read whole by this run (the rest had not changed).</summary>
        public const string RfisRead = "rfisRead";

        /// <summary>Of <see cref="Rfis"/>, the void ones.</summary>
        public const string Void = "void";

        /// <summary>Responses embedded in the RFIs.</summary>
        public const string Responses = "responses";

        /// <summary>Comments.</summary>
        public const string Comments = "comments";

        /// <summary>Attachments of all four types.</summary>
        public const string Attachments = "attachments";

        /// <summary>Of <see cref="Attachments"/>, those whose bytes this run copied (the rest were stored before).</summary>
        public const string AttachmentsCopied = "attachmentsCopied";

        /// <summary>Of <see cref="Attachments"/>, the Docs files the file backup stores: referenced, not copied.</summary>
        public const string AttachmentsReferenced = "attachmentsReferenced";

        /// <summary>Attachments whose bytes could not be stored (the snapshot says why; the next night tries again).</summary>
        public const string AttachmentFailures = "attachmentFailures";
    }

    private readonly RfisOptions settings = options.Value;

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Rfis;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await RfiSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written, read: 0, copied: 0);
        }

        var exportedAt = time.GetUtcNow();
        var previous = input.BaseRunId is { } baseRun
            ? await RfiSnapshotReader.ReadAsync(container, baseRun, input.ProjectId, cancellationToken).ConfigureAwait(false)
            : null;
        var full = previous is null || exportedAt - previous.FullReadAt >= TimeSpan.FromDays(settings.FullReadEveryDays);
        var since = full ? (DateTimeOffset?)null : previous!.ExportedAt - settings.UpdatedOverlap;
        var listed = new List<JsonElement>();
        await foreach (var rfi in client.SearchAsync(input.ProjectId, since, exportedAt, cancellationToken).ConfigureAwait(false))
        {
            listed.Add(rfi);
        }

        var before = (previous?.Rfis ?? []).ToDictionary(r => r.Id, StringComparer.Ordinal);
        // What the run before holds of each attachment: bytes stored once are never copied again (they cannot change under the same
        // id); a reference still waiting for its run's manifest, or a failure, is decided again.
        var carried = before.Values.SelectMany(r => r.Attachments).Where(a => a.Id is not null)
            .GroupBy(a => a.Id!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        var storedVersions = new StoredVersions(() => ReadStoredVersionsAsync(input, cancellationToken));
        var records = new ConcurrentDictionary<string, RfiRecord>(StringComparer.Ordinal);
        var read = 0;
        var copied = 0;
        await Parallel.ForEachAsync(listed, new ParallelOptions { MaxDegreeOfParallelism = ParallelRfis, CancellationToken = cancellationToken }, async (rfi, ct) =>
        {
            var id = new JsonApiReader(ApsEndpoint.Rfis).RequiredString(rfi, "id");
            var (record, isRead, newlyCopied) = before.TryGetValue(id, out var known) && known.UpdatedAt == ModuleJson.Text(rfi, "updatedAt")
                ? await SettleAsync(input, known, storedVersions, ct).ConfigureAwait(false)
                : await ReadAsync(input, id, carried, storedVersions, ct).ConfigureAwait(false);
            records[id] = record;
            Interlocked.Add(ref read, isRead ? 1 : 0);
            Interlocked.Add(ref copied, newlyCopied);
        }).ConfigureAwait(false);

        // A night that listed only changes carries the rest; a full read keeps only what ACC lists now.
        if (!full)
        {
            foreach (var record in before.Values.Where(r => !records.ContainsKey(r.Id)))
            {
                var (settled, _, newlyCopied) = await SettleAsync(input, record, storedVersions, cancellationToken).ConfigureAwait(false);
                records[record.Id] = settled;
                copied += newlyCopied;
            }
        }

        var snapshot = new RfiSnapshot(input.ProjectId, input.ProjectName, input.RunId, exportedAt, full ? exportedAt : previous!.FullReadAt, since, previous?.RunId,
            [.. records.Values.OrderBy(r => ModuleJson.Text(r.Rfi, "customIdentifier"), StringComparer.Ordinal).ThenBy(r => r.Id, StringComparer.Ordinal)]);
        await ModuleSnapshots.WriteOnceAsync(container, RfiLayout.Csv(input.RunId, input.ProjectId), RfiCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, RfiLayout.Snapshot(input.RunId, input.ProjectId), JsonSerializer.SerializeToUtf8Bytes(snapshot, RfiJsonContext.Default.RfiSnapshot),
            "application/json", cancellationToken).ConfigureAwait(false);
        var counts = CountsOf(snapshot, read, copied);
        Log.Exported(logger, input.ProjectId, snapshot.Rfis.Count, read, full, counts[Counts.Attachments], copied, counts[Counts.AttachmentsReferenced], counts[Counts.AttachmentFailures]);
        return counts;
    }

    /// <summary>One RFI read whole: the RFI, its comments (none asked when it counts none), its attachments with their bytes.</summary>
    private async Task<(RfiRecord Record, bool Read, int Copied)> ReadAsync(
        ModuleExportInput input, string rfiId, Dictionary<string, RfiAttachmentRecord> carried, StoredVersions storedVersions, CancellationToken cancellationToken)
    {
        var rfi = await client.GetAsync(input.ProjectId, rfiId, cancellationToken).ConfigureAwait(false);
        IReadOnlyList<JsonElement> comments = ModuleJson.Text(rfi, "commentsCount") == "0"
            ? []
            : await client.ListCommentsAsync(input.ProjectId, rfiId, cancellationToken).ConfigureAwait(false);
        var attachments = new List<RfiAttachmentRecord>();
        var copied = 0;
        foreach (var attachment in await client.ListAttachmentsAsync(input.ProjectId, rfiId, cancellationToken).ConfigureAwait(false))
        {
            var known = ModuleJson.Text(attachment, "attachmentId") is { } id ? carried.GetValueOrDefault(id) : null;
            if (known is { Stored: not null, Error: null })
            {
                attachments.Add(known with { Attachment = attachment });
                continue;
            }

            // A reference deferred to the run before is not deferred again: that run stored the version, or its bytes are copied now.
            var (record, isNew) = await StoreAsync(
                input, rfi, attachment, storedVersions, referenceTip: known is not { IsUnresolvedReference: true }, cancellationToken).ConfigureAwait(false);
            attachments.Add(record);
            copied += isNew ? 1 : 0;
        }

        return (new RfiRecord(rfi, comments, attachments), true, copied);
    }

    /// <summary>A carried RFI, its attachments that could not be stored before tried again and its references to this run's file
    /// backup settled: to the blob the run before stored, else copied.</summary>
    private async Task<(RfiRecord Record, bool Read, int Copied)> SettleAsync(
        ModuleExportInput input, RfiRecord record, StoredVersions storedVersions, CancellationToken cancellationToken)
    {
        if (!record.Attachments.Any(NeedsStoring))
        {
            return (record, false, 0);
        }

        var attachments = new List<RfiAttachmentRecord>();
        var copied = 0;
        foreach (var attachment in record.Attachments)
        {
            var (settled, isNew) = NeedsStoring(attachment)
                ? await StoreAsync(input, record.Rfi, attachment.Attachment, storedVersions, referenceTip: false, cancellationToken).ConfigureAwait(false)
                : (attachment, false);
            attachments.Add(settled);
            copied += isNew ? 1 : 0;
        }

        return (record with { Attachments = attachments }, false, copied);
    }

    private static bool NeedsStoring(RfiAttachmentRecord attachment) => attachment.IsUnresolvedReference || attachment.Error is not null;

    /// <summary>Stores one attachment's bytes from its OSS <c>storageUrn</c>, or for a Docs file version the file backup holds,
    /// references it: the blob the run before stored, or with <paramref name="referenceTip"/> the file's tip, which this run's file
    /// backup stores. A failure is recorded on it, never thrown.</summary>
    private async Task<(RfiAttachmentRecord Record, bool Copied)> StoreAsync(
        ModuleExportInput input, JsonElement rfi, JsonElement attachment, StoredVersions storedVersions, bool referenceTip, CancellationToken cancellationToken)
    {
        if (ModuleJson.Text(attachment, "versionUrn") is { } versionUrn)
        {
            if ((await storedVersions.Value.ConfigureAwait(false)).TryGetValue(versionUrn, out var file))
            {
                // A file copied by the storage service carries no SHA-256: its blob is read once for the one restore proves.
                var sha256 = file.Sha256 ?? (await ModuleBlobs.HashAsync(container, file.BlobName!, cancellationToken).ConfigureAwait(false)).Sha256;
                return (RfiAttachmentRecord.Reference(attachment, versionUrn, new StoredModuleFile(file.BlobName!, file.StoredSize!.Value, sha256)), false);
            }

            if (referenceTip && versionUrn == ModuleJson.Text(attachment, "tipVersionUrn"))
            {
                return (RfiAttachmentRecord.Reference(attachment, versionUrn), false);
            }
        }

        var id = ModuleJson.Text(attachment, "attachmentId");
        var name = ModuleJson.Text(attachment, "fileName") ?? ModuleJson.Text(attachment, "displayName") ?? id ?? "attachment";
        var (storage, error) = id is null
            ? (null, "not stored: the attachment has no attachmentId")
            : await StorageOfAsync(input.ProjectId, attachment, cancellationToken).ConfigureAwait(false);
        if (id is null || storage is null)
        {
            Log.AttachmentFailed(logger, input.ProjectId, id ?? name, error!);
            return (new RfiAttachmentRecord(attachment, null, error), false);
        }

        var copy = new FileCopyRequest(input.ProjectId, ModuleJson.Text(rfi, "id")!, id, 1,
            attachment.TryGetProperty("fileSize", out var size) && size.TryGetInt64(out var bytes) ? bytes : null, storage,
            RfiLayout.Attachment(input.ProjectId, id, name),
            $"{input.ProjectName}/RFIs/{ModuleJson.Text(rfi, "customIdentifier")}/{ModuleJson.Text(attachment, "displayName") ?? name}", null);
        try
        {
            var result = await copier.CopyAsync(copy, cancellationToken).ConfigureAwait(false);
            // A copy made server-side is verified by size alone: the stored blob is read once for the SHA-256 restore proves.
            var sha256 = result.Sha256 ?? (await ModuleBlobs.HashAsync(container, result.Request.BlobName, cancellationToken).ConfigureAwait(false)).Sha256;
            return (new RfiAttachmentRecord(attachment, new StoredModuleFile(result.Request.BlobName, result.StoredBytes, sha256), null), result.Status == FileCopyStatus.Copied);
        }
        catch (FileCopyException e)
        {
            Log.AttachmentFailed(logger, input.ProjectId, id, e.Reason);
            return (new RfiAttachmentRecord(attachment, null, e.Reason), false);
        }
    }

    /// <summary>Where an attachment's bytes are: its OSS <c>storageUrn</c>, or else the storage of the Docs file version it names
    /// (one Data Management call); otherwise why not.</summary>
    private async Task<(OssObject? Storage, string? Error)> StorageOfAsync(string projectId, JsonElement attachment, CancellationToken cancellationToken)
    {
        if (ModuleJson.Text(attachment, "storageUrn") is { } urn)
        {
            return OssObject.TryParse(urn) is { } storage ? (storage, null) : (null, $"not stored: unrecognised storageUrn '{urn}'");
        }

        if (ModuleJson.Text(attachment, "versionUrn") is not { } versionUrn)
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

    // The file versions the run before stored. Unreadable, none is referenced: tips wait for this run's manifest and the rest are
    // copied, which costs bytes but never loses any; the project's export goes on.
    private async Task<IReadOnlyDictionary<string, ManifestEntry>> ReadStoredVersionsAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        if (input.StoredVersions is null)
        {
            return new Dictionary<string, ManifestEntry>();
        }

        try
        {
            return await input.StoredVersions(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is RequestFailedException or InvalidDataException or JsonException or InvalidOperationException)
        {
            Log.StoredVersionsUnreadable(logger, input.ProjectId, e.Message);
            return new Dictionary<string, ManifestEntry>();
        }
    }

    private static Dictionary<string, long> CountsOf(RfiSnapshot snapshot, int read, int copied) => new(StringComparer.Ordinal)
    {
        [Counts.Rfis] = snapshot.Rfis.Count,
        [Counts.RfisRead] = read,
        [Counts.Void] = snapshot.Rfis.Count(r => ModuleJson.Text(r.Rfi, "status") == "void"),
        [Counts.Responses] = snapshot.Rfis.Sum(r => r.Rfi.TryGetProperty("responses", out var responses) && responses.ValueKind == JsonValueKind.Array ? responses.GetArrayLength() : 0),
        [Counts.Comments] = snapshot.Rfis.Sum(r => r.Comments.Count),
        [Counts.Attachments] = snapshot.Rfis.Sum(r => r.Attachments.Count),
        [Counts.AttachmentsCopied] = copied,
        [Counts.AttachmentsReferenced] = snapshot.Rfis.Sum(r => r.Attachments.Count(a => a.IsReferenced)),
        [Counts.AttachmentFailures] = snapshot.Rfis.Sum(r => r.Attachments.Count(a => a.Error is not null)),
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9130, Level = LogLevel.Information, Message = "RFIs of {ProjectId} exported: {Rfis} RFIs ({RfisRead} read whole, full read {FullRead}), {Attachments} attachments ({AttachmentsCopied} copied now, {AttachmentsReferenced} Docs files referenced), {AttachmentFailures} attachments not stored")]
        public static partial void Exported(ILogger logger, string projectId, int rfis, int rfisRead, bool fullRead, long attachments, int attachmentsCopied, long attachmentsReferenced, long attachmentFailures);

        [LoggerMessage(EventId = 9131, Level = LogLevel.Warning, Message = "Attachment {AttachmentId} of an RFI of project {ProjectId} not stored: {Reason}")]
        public static partial void AttachmentFailed(ILogger logger, string projectId, string attachmentId, string reason);

        [LoggerMessage(EventId = 9132, Level = LogLevel.Warning, Message = "RFIs of {ProjectId}: the files the previous run stored could not be read ({Reason}); Docs file attachments are copied instead of referenced")]
        public static partial void StoredVersionsUnreadable(ILogger logger, string projectId, string reason);
    }
}
