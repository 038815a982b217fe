using System.Collections.Concurrent;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules.Sheets;

/// <summary>Writes one project's Sheets tool for one run: collections, version sets and every sheet (both passes) read through
/// <see cref="SheetsClient"/>; each version set's PDF with published markups exported, polled and stored as a write-once blob
/// (<see cref="SignedUrlBlobWriter"/>) unless the run before stored the PDF of the same fingerprint; the JSON record and the CSV
/// created once under the run. A second call for the same run and project returns what the first wrote.</summary>
/// <remarks>The Sheets API has no updated-since filter: every night lists every record (a few calls per hundred sheets) and
/// the costly part, the PDF export, runs only for version sets whose fingerprint changed.</remarks>
public sealed partial class SheetExporter(
    SheetsClient client, SignedUrlBlobWriter writer, BlobContainer container, IOptions<SheetsOptions> options, TimeProvider time, ILogger<SheetExporter> logger)
    : IProjectModuleExporter
{
    /// <summary>The counts this exporter reports (<see cref="Manifest.ModuleTotals.Counts"/>).</summary>
    public static class Counts
    {
        /// <summary>Collections.</summary>
        public const string Collections = "collections";

        /// <summary>Version sets.</summary>
        public const string VersionSets = "versionSets";

        /// <summary>Sheets, every issuance, deleted ones included.</summary>
        public const string Sheets = "sheets";

        /// <summary>Of <see cref="Sheets"/>, the deleted ones.</summary>
        public const string DeletedSheets = "deletedSheets";

        /// <summary>Version sets whose PDF is stored (by this run or one before).</summary>
        public const string Pdfs = "pdfs";

        /// <summary>Of <see cref="Pdfs"/>, those exported by this run (the rest had not changed).</summary>
        public const string PdfsExported = "pdfsExported";

        /// <summary>Version sets with live sheets whose PDF could not be stored (the snapshot says why).</summary>
        public const string PdfFailures = "pdfFailures";
    }

    private readonly SheetsOptions settings = options.Value;

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Sheets;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        var snapshotBlob = SheetLayout.Snapshot(input.RunId, input.ProjectId);
        if (await SheetSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written, exported: 0);
        }

        var exportedAt = time.GetUtcNow();
        var previous = input.BaseRunId is { } baseRun
            ? await SheetSnapshotReader.ReadAsync(container, baseRun, input.ProjectId, cancellationToken).ConfigureAwait(false)
            : null;
        var collections = await OffsetPages.ToListAsync(client.ListCollectionsAsync(input.ProjectId, cancellationToken)).ConfigureAwait(false);
        var versionSets = await OffsetPages.ToListAsync(client.ListVersionSetsAsync(input.ProjectId, cancellationToken)).ConfigureAwait(false);
        var sheets = await OffsetPages.ToListAsync(client.ListSheetsAsync(input.ProjectId, deleted: false, cancellationToken)).ConfigureAwait(false);
        sheets.AddRange(await OffsetPages.ToListAsync(client.ListSheetsAsync(input.ProjectId, deleted: true, cancellationToken)).ConfigureAwait(false));

        var carried = (previous?.VersionSets ?? []).Where(v => v.Fingerprint is not null && v.Pdfs.Count > 0 && v.PdfError is null)
            .ToDictionary(v => v.Id, StringComparer.Ordinal);
        var records = new ConcurrentDictionary<int, VersionSetRecord>();
        var exported = 0;
        await Parallel.ForEachAsync(versionSets.Select((v, i) => (VersionSet: v, Index: i)),
            new ParallelOptions { MaxDegreeOfParallelism = settings.ParallelExports, CancellationToken = cancellationToken }, async (item, ct) =>
            {
                var (record, isNew) = await PdfOfAsync(input, item.VersionSet, sheets, carried, ct).ConfigureAwait(false);
                records[item.Index] = record;
                if (isNew)
                {
                    Interlocked.Increment(ref exported);
                }
            }).ConfigureAwait(false);

        var snapshot = new SheetSnapshot(input.ProjectId, input.ProjectName, input.RunId, exportedAt, previous?.RunId, collections,
            [.. records.OrderBy(r => r.Key).Select(r => r.Value)], sheets);
        await ModuleSnapshots.WriteOnceAsync(container, SheetLayout.Csv(input.RunId, input.ProjectId), SheetCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, snapshotBlob, JsonSerializer.SerializeToUtf8Bytes(snapshot, SheetJsonContext.Default.SheetSnapshot), "application/json", cancellationToken).ConfigureAwait(false);
        var counts = CountsOf(snapshot, exported);
        Log.Exported(logger, input.ProjectId, snapshot.Sheets.Count, snapshot.VersionSets.Count, counts[Counts.Pdfs], exported, counts[Counts.PdfFailures]);
        return counts;
    }

    /// <summary>The record of one version set: its PDF carried when its fingerprint is the one stored before, else exported now.</summary>
    private async Task<(VersionSetRecord Record, bool Exported)> PdfOfAsync(
        ModuleExportInput input, JsonElement versionSet, List<JsonElement> sheets, Dictionary<string, VersionSetRecord> carried, CancellationToken cancellationToken)
    {
        var id = ModuleJson.Text(versionSet, "id") ?? throw new InvalidDataException("APS Sheets sent a version set without an id.");
        var live = sheets.Where(s => ModuleJson.Text(s, "versionSet", "id") == id && ModuleJson.Text(s, "deleted") != "true").ToList();
        var sheetIds = live.Select(s => ModuleJson.Text(s, "id")!).ToList();
        if (live.Count == 0)
        {
            return (new VersionSetRecord(versionSet, [], null, [], null), false);
        }

        var fingerprint = Fingerprint(versionSet, live);
        if (carried.TryGetValue(id, out var before) && before.Fingerprint == fingerprint)
        {
            return (new VersionSetRecord(versionSet, sheetIds, fingerprint, before.Pdfs, null), false);
        }

        try
        {
            var parts = new List<StoredModuleFile>();
            foreach (var (chunk, part) in sheetIds.Chunk(SheetsClient.MaxSheetsPerExport).Select((c, i) => (c, i)))
            {
                var url = await ExportAsync(input.ProjectId, chunk, cancellationToken).ConfigureAwait(false);
                parts.Add(await writer.StoreAsync(url, SheetLayout.Pdf(input.ProjectId, id, fingerprint, part), "application/pdf", cancellationToken).ConfigureAwait(false));
            }

            return (new VersionSetRecord(versionSet, sheetIds, fingerprint, parts, null), true);
        }
        catch (SheetExportException e)
        {
            Log.PdfFailed(logger, input.ProjectId, id, e.Message);
            return (new VersionSetRecord(versionSet, sheetIds, fingerprint, [], e.Message), false);
        }
    }

    /// <summary>Starts one export and polls it until its PDF is ready; the signed URL it gives.</summary>
    private async Task<Uri> ExportAsync(string projectId, IReadOnlyList<string> sheetIds, CancellationToken cancellationToken)
    {
        var exportId = await client.StartExportAsync(projectId, sheetIds, cancellationToken).ConfigureAwait(false);
        var deadline = time.GetUtcNow() + settings.ExportTimeout;
        while (true)
        {
            await Task.Delay(settings.ExportPollInterval, time, cancellationToken).ConfigureAwait(false);
            var status = await client.GetExportAsync(projectId, exportId, cancellationToken).ConfigureAwait(false);
            switch (status.Status)
            {
                case "successful" when status.SignedUrl is { } url:
                    return url;
                case "failed":
                    throw new SheetExportException($"not stored: export {exportId} failed: {status.Error}");
                case "successful":
                    throw new SheetExportException($"not stored: export {exportId} succeeded without a signed URL");
            }

            if (time.GetUtcNow() >= deadline)
            {
                throw new SheetExportException($"not stored: export {exportId} was still {status.Status} after {settings.ExportTimeout} ({SheetsOptions.SectionName}:ExportTimeout)");
            }
        }
    }

    /// <summary>What the PDF shows: the version set (its name and date are on every page) and each live sheet's id and updatedAt
    /// (a new title, a published markup or a new issuance moves it), in the PDF's order.</summary>
    private static string Fingerprint(JsonElement versionSet, IEnumerable<JsonElement> live)
    {
        var text = new StringBuilder().Append(ModuleJson.Text(versionSet, "id")).Append('|').Append(ModuleJson.Text(versionSet, "name")).Append('|')
            .Append(ModuleJson.Text(versionSet, "issuanceDate")).Append('|').Append(ModuleJson.Text(versionSet, "updatedAt"));
        foreach (var sheet in live)
        {
            text.Append('\n').Append(ModuleJson.Text(sheet, "id")).Append('|').Append(ModuleJson.Text(sheet, "updatedAt"));
        }

        return Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text.ToString())));
    }

    private static Dictionary<string, long> CountsOf(SheetSnapshot snapshot, int exported) => new(StringComparer.Ordinal)
    {
        [Counts.Collections] = snapshot.Collections.Count,
        [Counts.VersionSets] = snapshot.VersionSets.Count,
        [Counts.Sheets] = snapshot.Sheets.Count,
        [Counts.DeletedSheets] = snapshot.DeletedSheets,
        [Counts.Pdfs] = snapshot.VersionSets.Count(v => v.Pdfs.Count > 0),
        [Counts.PdfsExported] = exported,
        [Counts.PdfFailures] = snapshot.VersionSets.Count(v => v.PdfError is not null),
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9110, Level = LogLevel.Information, Message = "Sheets of {ProjectId} exported: {Sheets} sheets, {VersionSets} version sets, {Pdfs} PDFs stored ({PdfsExported} exported now), {PdfFailures} PDFs not stored")]
        public static partial void Exported(ILogger logger, string projectId, int sheets, int versionSets, long pdfs, int pdfsExported, long pdfFailures);

        [LoggerMessage(EventId = 9111, Level = LogLevel.Warning, Message = "The PDF of version set {VersionSetId} of project {ProjectId} is not stored: {Reason}")]
        public static partial void PdfFailed(ILogger logger, string projectId, string versionSetId, string reason);
    }
}

/// <summary>A PDF export that ended without a PDF (failed, or still processing at <c>Sheets:ExportTimeout</c>).</summary>
public sealed class SheetExportException(string message) : Exception(message);
