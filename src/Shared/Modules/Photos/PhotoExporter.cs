using System.Collections.Concurrent;
using System.Net;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;

namespace AccBackup.Modules.Photos;

/// <summary>Writes one project's Photos for one run: every photo and video listed (<see cref="PhotosClient"/>), the bytes of those
/// no run stored before fetched from their signed URLs into write-once blobs (<see cref="SignedUrlBlobWriter"/>), the links of its
/// photos from the Relationships sync (<see cref="RelationshipsClient"/>: only the changes since the run before, by its token);
/// the JSON record and the CSVs created once under the run. A second call for the same run and project returns what the first wrote.</summary>
/// <remarks>The Photos API has no <c>updatedAt</c> filter, so the gallery is listed whole each night (one call per 100 photos) and a
/// photo ACC no longer lists leaves that night's snapshot (earlier nights keep it); a stored photo's bytes are never fetched again.
/// A signed URL that expired before its download is asked for again (<c>GET photos/{id}</c>), once.</remarks>
public sealed partial class PhotoExporter(
    PhotosClient photos, RelationshipsClient relationships, SignedUrlBlobWriter writer, BlobContainer container, TimeProvider time, ILogger<PhotoExporter> logger)
    : IProjectModuleExporter
{
    /// <summary>Photos whose bytes are fetched at once (a fresh URL, when one is needed, is paced by the Photos quota).</summary>
    private const int ParallelDownloads = 4;

    /// <summary>The counts this exporter reports (<see cref="Manifest.ModuleTotals.Counts"/>).</summary>
    public static class Counts
    {
        /// <summary>Photos and videos in the snapshot.</summary>
        public const string Photos = "photos";

        /// <summary>Of <see cref="Photos"/>, the videos.</summary>
        public const string Videos = "videos";

        /// <summary>Of <see cref="Photos"/>, those whose bytes this run fetched (the rest were stored before).</summary>
        public const string PhotosStored = "photosStored";

        /// <summary>Photos whose bytes could not be stored (the snapshot says why; the next night tries again).</summary>
        public const string PhotoFailures = "photoFailures";

        /// <summary>Photos the run before held that ACC lists no more (deleted): left out of this snapshot, kept in earlier ones.</summary>
        public const string PhotosNoLongerListed = "photosNoLongerListed";

        /// <summary>Links of the project's photos to other items.</summary>
        public const string Links = "links";

        /// <summary>Links the sync gave as made since the run before (every link on a full read).</summary>
        public const string LinksAdded = "linksAdded";

        /// <summary>Links the sync gave as removed since the run before.</summary>
        public const string LinksRemoved = "linksRemoved";

        /// <summary>1 when every link was read (a first night, or the service refused the token), 0 when only changes were.</summary>
        public const string LinksFullRead = "linksFullRead";
    }

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Photos;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await PhotoSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written, stored: 0, vanished: 0, added: 0, removed: 0, fullRead: false);
        }

        var exportedAt = time.GetUtcNow();
        var previous = input.BaseRunId is { } baseRun
            ? await PhotoSnapshotReader.ReadAsync(container, baseRun, input.ProjectId, cancellationToken).ConfigureAwait(false)
            : null;
        var listed = new List<JsonElement>();
        await foreach (var photo in photos.ListAsync(input.ProjectId, cancellationToken).ConfigureAwait(false))
        {
            listed.Add(photo);
        }

        var before = (previous?.Photos ?? []).Where(p => p.Stored is not null).ToDictionary(p => p.Id, p => p.Stored!, StringComparer.Ordinal);
        var records = new ConcurrentDictionary<string, PhotoRecord>(StringComparer.Ordinal);
        var stored = 0;
        await Parallel.ForEachAsync(listed, new ParallelOptions { MaxDegreeOfParallelism = ParallelDownloads, CancellationToken = cancellationToken }, async (photo, ct) =>
        {
            var record = new PhotoRecord(WithoutSignedUrls(photo), null, null);
            if (before.TryGetValue(record.Id, out var bytes))
            {
                records[record.Id] = record with { Stored = bytes };
                return;
            }

            var (result, fetched) = await StoreAsync(input, record, photo, ct).ConfigureAwait(false);
            records[record.Id] = result;
            Interlocked.Add(ref stored, fetched ? 1 : 0);
        }).ConfigureAwait(false);

        var sync = await relationships.SyncAsync(input.ProjectId, previous?.SyncToken, cancellationToken).ConfigureAwait(false);
        var links = Apply(sync.Overwrite || previous is null ? [] : previous.Links, sync);
        if (sync.TokenRefused is { } refusal)
        {
            Log.SyncTokenRefused(logger, input.ProjectId, refusal);
        }

        var snapshot = new PhotoSnapshot(input.ProjectId, input.ProjectName, input.RunId, exportedAt, previous?.RunId, sync.NextSyncToken, sync.Overwrite ? "full" : "changes",
            [.. records.Values.OrderBy(r => ModuleJson.Text(r.Photo, "createdAt"), StringComparer.Ordinal).ThenBy(r => r.Id, StringComparer.Ordinal)], links);
        await ModuleSnapshots.WriteOnceAsync(container, PhotoLayout.Csv(input.RunId, input.ProjectId), PhotoCsv.Photos(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, PhotoLayout.LinksCsv(input.RunId, input.ProjectId), PhotoCsv.Links(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, PhotoLayout.Snapshot(input.RunId, input.ProjectId), JsonSerializer.SerializeToUtf8Bytes(snapshot, PhotoJsonContext.Default.PhotoSnapshot),
            "application/json", cancellationToken).ConfigureAwait(false);
        var vanished = (previous?.Photos ?? []).Count(p => !records.ContainsKey(p.Id));
        var counts = CountsOf(snapshot, stored, vanished, sync.Current.Count, sync.Deleted.Count, sync.Overwrite);
        Log.Exported(logger, input.ProjectId, snapshot.Photos.Count, stored, counts[Counts.PhotoFailures], vanished, links.Count, sync.Overwrite);
        return counts;
    }

    /// <summary>Stores one photo's bytes from its listed signed URL, or from a fresh one when that is missing or refused (expired);
    /// whether its bytes were fetched now. A failure is recorded on the photo, never thrown.</summary>
    private async Task<(PhotoRecord Record, bool Fetched)> StoreAsync(ModuleExportInput input, PhotoRecord record, JsonElement listed, CancellationToken cancellationToken)
    {
        var blobName = PhotoLayout.File(input.ProjectId, record.Id, record.Extension);
        var contentType = ModuleJson.Text(record.Photo, "type") is { } type && type.Contains('/', StringComparison.Ordinal) ? type : "application/octet-stream";
        if (await container.GetPropertiesAsync(blobName, cancellationToken).ConfigureAwait(false) is not null)
        {
            // Stored by a night whose snapshot this one does not start from (the night before missed the project): read back, not fetched.
            var content = await ModuleBlobs.HashAsync(container, blobName, cancellationToken).ConfigureAwait(false);
            return (record with { Stored = new StoredModuleFile(blobName, content.Length, content.Sha256) }, false);
        }

        try
        {
            if (PhotosClient.FileUrl(listed) is { } listedUrl)
            {
                try
                {
                    return (record with { Stored = await writer.StoreAsync(listedUrl, blobName, contentType, cancellationToken).ConfigureAwait(false) }, true);
                }
                catch (HttpRequestException e) when (e.StatusCode == HttpStatusCode.Forbidden)
                {
                    Log.UrlRefused(logger, input.ProjectId, record.Id);
                }
            }

            var fresh = PhotosClient.FileUrl(await photos.GetAsync(input.ProjectId, record.Id, cancellationToken).ConfigureAwait(false))
                ?? throw new HttpRequestException("APS Photos gave no signed URL of the photo's file.");
            return (record with { Stored = await writer.StoreAsync(fresh, blobName, contentType, cancellationToken).ConfigureAwait(false) }, true);
        }
        catch (Exception e) when (e is HttpRequestException or ApsResponseException or ApsRequestException { Status: HttpStatusCode.NotFound })
        {
            Log.PhotoFailed(logger, input.ProjectId, record.Id, e.Message);
            return (record with { Error = "not stored: " + e.Message }, false);
        }
    }

    /// <summary>The links after <paramref name="sync"/>: <paramref name="held"/> less those removed, with those made (by id).</summary>
    private static List<JsonElement> Apply(IReadOnlyList<JsonElement> held, RelationshipSync sync)
    {
        var links = held.ToDictionary(l => ModuleJson.Text(l, "id")!, StringComparer.Ordinal);
        foreach (var removed in sync.Deleted)
        {
            links.Remove(ModuleJson.Text(removed, "id") ?? "");
        }

        foreach (var made in sync.Current)
        {
            links[ModuleJson.Text(made, "id") ?? throw new InvalidDataException("The Relationships sync sent a link without an id.")] = made;
        }

        return [.. links.OrderBy(l => l.Key, StringComparer.Ordinal).Select(l => l.Value)];
    }

    /// <summary>The photo without <c>signedUrls</c>: they expire within the hour and would hand out the bytes to whoever reads them.</summary>
    private static JsonElement WithoutSignedUrls(JsonElement photo)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var w = new Utf8JsonWriter(buffer))
        {
            w.WriteStartObject();
            foreach (var member in photo.EnumerateObject().Where(m => m.Name != "signedUrls"))
            {
                member.WriteTo(w);
            }

            w.WriteEndObject();
        }

        using var json = JsonDocument.Parse(buffer.WrittenMemory);
        return json.RootElement.Clone();
    }

    private static Dictionary<string, long> CountsOf(PhotoSnapshot snapshot, int stored, int vanished, int added, int removed, bool fullRead) => new(StringComparer.Ordinal)
    {
        [Counts.Photos] = snapshot.Photos.Count,
        [Counts.Videos] = snapshot.Photos.Count(p => ModuleJson.Text(p.Photo, "mediaType") == "video"),
        [Counts.PhotosStored] = stored,
        [Counts.PhotoFailures] = snapshot.Photos.Count(p => p.Error is not null),
        [Counts.PhotosNoLongerListed] = vanished,
        [Counts.Links] = snapshot.Links.Count,
        [Counts.LinksAdded] = added,
        [Counts.LinksRemoved] = removed,
        [Counts.LinksFullRead] = fullRead ? 1 : 0,
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9175, Level = LogLevel.Information, Message = "Photos of {ProjectId} exported: {Photos} photos and videos ({PhotosStored} stored now, {PhotoFailures} not stored, {NoLongerListed} no longer listed), {Links} links (full read {FullRead})")]
        public static partial void Exported(ILogger logger, string projectId, int photos, int photosStored, long photoFailures, int noLongerListed, int links, bool fullRead);

        [LoggerMessage(EventId = 9176, Level = LogLevel.Warning, Message = "Photo {PhotoId} of project {ProjectId} not stored: {Reason}")]
        public static partial void PhotoFailed(ILogger logger, string projectId, string photoId, string reason);

        [LoggerMessage(EventId = 9177, Level = LogLevel.Debug, Message = "The listed signed URL of photo {PhotoId} of project {ProjectId} was refused (expired); asking for a fresh one")]
        public static partial void UrlRefused(ILogger logger, string projectId, string photoId);

        [LoggerMessage(EventId = 9178, Level = LogLevel.Warning, Message = "The Relationships sync token of project {ProjectId} was refused ({Reason}); every link read again")]
        public static partial void SyncTokenRefused(ILogger logger, string projectId, string reason);
    }
}
