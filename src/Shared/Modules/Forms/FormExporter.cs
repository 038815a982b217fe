using System.Collections.Concurrent;
using System.Text.Json;
using AccBackup.Acc;
using AccBackup.Acc.JsonApi;
using AccBackup.Storage;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace AccBackup.Modules.Forms;

/// <summary>Writes one project's forms for one run: the templates (a PDF template's blank PDF stored once per state of the
/// template, downloaded only when the template is new or changed), the forms listed through <see cref="FormsClient"/> (every one
/// on the first night and every <c>Forms:FullReadEveryDays</c>, otherwise only those updated since the run before), each changed
/// form's values and table rows (web forms) or PDF values and PDF (PDF forms), the PDF as a write-once blob referenced by every
/// night that finds the form unchanged; the JSON record and the CSV created once under the run. A second call for the same run
/// and project returns what the first wrote.</summary>
/// <remarks>A form whose <c>updatedAt</c> is the one the run before recorded is carried, not read again: two to four calls saved
/// per form against a quota of 100 a minute. A night that lists only changes cannot see a form ACC no longer lists (discarded);
/// the full read drops it (earlier runs keep it).</remarks>
public sealed partial class FormExporter(
    FormsClient client, SignedUrlBlobWriter writer, BlobContainer container, IOptions<FormsOptions> options, TimeProvider time, ILogger<FormExporter> logger)
    : IProjectModuleExporter
{
    /// <summary>Forms whose values are read at once (the Forms quota paces them all).</summary>
    private const int ParallelForms = 4;

    /// <summary>The counts this exporter reports (<see cref="Manifest.ModuleTotals.Counts"/>).</summary>
    public static class Counts
    {
        /// <summary>Forms in the snapshot, archived ones and those of inactive templates included.</summary>
        public const string Forms = "forms";

        /// <summary>Of <see cref="Forms"/>, those read whole by this run (the rest had not changed).</summary>
        public const string FormsRead = "formsRead";

        /// <summary>Of <see cref="Forms"/>, the archived ones.</summary>
        public const string Archived = "archived";

        /// <summary>Form templates, inactive ones included.</summary>
        public const string Templates = "templates";

        /// <summary>Answered values of web forms.</summary>
        public const string Values = "values";

        /// <summary>Rows of web forms' built-in tables.</summary>
        public const string TableRows = "tableRows";

        /// <summary>PDF forms.</summary>
        public const string Pdfs = "pdfs";

        /// <summary>Of <see cref="Pdfs"/>, those whose bytes this run stored (the rest were stored before).</summary>
        public const string PdfsCopied = "pdfsCopied";

        /// <summary>PDFs that could not be stored (the snapshot says why; the next night tries again).</summary>
        public const string PdfFailures = "pdfFailures";

        /// <summary>PDF templates (each with its blank PDF).</summary>
        public const string TemplatePdfs = "templatePdfs";

        /// <summary>Of <see cref="TemplatePdfs"/>, those whose PDF this run downloaded (new or changed templates; the rest were stored before).</summary>
        public const string TemplatePdfsCopied = "templatePdfsCopied";

        /// <summary>Template PDFs that could not be stored (the snapshot says why; the next night tries again).</summary>
        public const string TemplatePdfFailures = "templatePdfFailures";
    }

    private readonly FormsOptions settings = options.Value;

    /// <inheritdoc />
    public string ModuleName => ModuleNames.Forms;

    /// <inheritdoc />
    public async Task<IReadOnlyDictionary<string, long>> ExportAsync(ModuleExportInput input, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(input);
        if (await FormSnapshotReader.ReadAsync(container, input.RunId, input.ProjectId, cancellationToken).ConfigureAwait(false) is { } written)
        {
            return CountsOf(written, read: 0, copied: 0, templatesCopied: 0);
        }

        var exportedAt = time.GetUtcNow();
        var previous = input.BaseRunId is { } baseRun
            ? await FormSnapshotReader.ReadAsync(container, baseRun, input.ProjectId, cancellationToken).ConfigureAwait(false)
            : null;
        var full = previous is null || exportedAt - previous.FullReadAt >= TimeSpan.FromDays(settings.FullReadEveryDays);
        var since = full ? (DateTimeOffset?)null : previous!.ExportedAt - settings.UpdatedOverlap;
        var (templates, templatesCopied) = await ReadTemplatesAsync(input, previous, cancellationToken).ConfigureAwait(false);
        var listed = await OffsetPages.ToListAsync(client.ListFormsAsync(input.ProjectId, since, cancellationToken)).ConfigureAwait(false);
        var before = (previous?.Forms ?? []).ToDictionary(f => f.Id, StringComparer.Ordinal);

        // A carried PDF form whose PDF could not be stored is listed again: its pdfUrl from an earlier night has expired.
        if (!full)
        {
            var listedIds = listed.Select(Id).ToHashSet(StringComparer.Ordinal);
            var retry = before.Values.Where(f => f.IsPdf && f.Pdf is null && !listedIds.Contains(f.Id)).Select(f => f.Id).ToList();
            foreach (var chunk in retry.Chunk(FormsClient.PageLimit))
            {
                var fresh = await OffsetPages.ToListAsync(client.ListFormsAsync(input.ProjectId, chunk, cancellationToken)).ConfigureAwait(false);
                listed.AddRange(fresh.Where(f => !listedIds.Contains(Id(f))));
            }
        }

        var records = new ConcurrentDictionary<string, FormRecord>(StringComparer.Ordinal);
        var read = 0;
        var copied = 0;
        await Parallel.ForEachAsync(listed, new ParallelOptions { MaxDegreeOfParallelism = ParallelForms, CancellationToken = cancellationToken }, async (form, ct) =>
        {
            var id = Id(form);
            var (record, isRead, isCopied) = before.TryGetValue(id, out var known) && known.UpdatedAt == ModuleJson.Text(form, "updatedAt")
                ? await CarryAsync(input, known, form, ct).ConfigureAwait(false)
                : await ReadAsync(input, form, ct).ConfigureAwait(false);
            records[id] = record;
            Interlocked.Add(ref read, isRead ? 1 : 0);
            Interlocked.Add(ref copied, isCopied ? 1 : 0);
        }).ConfigureAwait(false);

        // A night that listed only changes carries the rest; a full read keeps only what ACC lists now.
        if (!full)
        {
            foreach (var record in before.Values.Where(f => !records.ContainsKey(f.Id)))
            {
                records[record.Id] = record;
            }
        }

        var snapshot = new FormSnapshot(input.ProjectId, input.ProjectName, input.RunId, exportedAt, full ? exportedAt : previous!.FullReadAt, since, previous?.RunId, templates,
            [.. records.Values.OrderBy(f => f.Form.TryGetProperty("formNum", out var n) && n.TryGetInt64(out var number) ? number : long.MaxValue).ThenBy(f => f.Id, StringComparer.Ordinal)]);
        await ModuleSnapshots.WriteOnceAsync(container, FormLayout.Csv(input.RunId, input.ProjectId), FormCsv.Write(snapshot), "text/csv; charset=utf-8", cancellationToken).ConfigureAwait(false);
        await ModuleSnapshots.WriteOnceAsync(container, FormLayout.Snapshot(input.RunId, input.ProjectId), JsonSerializer.SerializeToUtf8Bytes(snapshot, FormJsonContext.Default.FormSnapshot),
            "application/json", cancellationToken).ConfigureAwait(false);
        var counts = CountsOf(snapshot, read, copied, templatesCopied);
        Log.Exported(logger, input.ProjectId, snapshot.Forms.Count, read, full, snapshot.Templates.Count, counts[Counts.Pdfs], copied, counts[Counts.PdfFailures]);
        Log.TemplatesExported(logger, input.ProjectId, counts[Counts.TemplatePdfs], templatesCopied, counts[Counts.TemplatePdfFailures]);
        return counts;
    }

    /// <summary>One form read whole: a web form's values and table rows, or a PDF form's PDF values and PDF.</summary>
    private async Task<(FormRecord Record, bool Read, bool Copied)> ReadAsync(ModuleExportInput input, JsonElement form, CancellationToken cancellationToken)
    {
        var id = Id(form);
        if (!FormRecord.IsPdfForm(form))
        {
            var values = await client.ListValuesAsync(input.ProjectId, id, cancellationToken).ConfigureAwait(false);
            var rows = await client.ListTableRowsAsync(input.ProjectId, id, cancellationToken).ConfigureAwait(false);
            return (new FormRecord(form, values, rows, [], null, null), true, false);
        }

        var pdfValues = await client.ListPdfValuesAsync(input.ProjectId, id, cancellationToken).ConfigureAwait(false);
        var (pdf, error) = await StorePdfAsync(input, form, cancellationToken).ConfigureAwait(false);
        return (new FormRecord(form, [], [], pdfValues, pdf, error), true, pdf is not null);
    }

    /// <summary>An unchanged form as the run before recorded it; a PDF that could not be stored then is stored now from the
    /// form as listed tonight.</summary>
    private async Task<(FormRecord Record, bool Read, bool Copied)> CarryAsync(ModuleExportInput input, FormRecord known, JsonElement listed, CancellationToken cancellationToken)
    {
        if (!known.IsPdf || known.Pdf is not null)
        {
            return (known, false, false);
        }

        var (pdf, error) = await StorePdfAsync(input, listed, cancellationToken).ConfigureAwait(false);
        return (known with { Form = listed, Pdf = pdf, PdfError = error }, false, pdf is not null);
    }

    /// <summary>Stores a PDF form's PDF from its signed <c>pdfFile.pdfUrl</c>; a failure is recorded on the form, never thrown.</summary>
    private async Task<(StoredModuleFile? Pdf, string? Error)> StorePdfAsync(ModuleExportInput input, JsonElement form, CancellationToken cancellationToken)
    {
        var id = Id(form);
        var url = ModuleJson.Text(form, "pdfFile", "pdfUrl");
        if (url is null || !Uri.TryCreate(url, UriKind.Absolute, out var signed) || !DateTimeOffset.TryParse(ModuleJson.Text(form, "updatedAt"), out var updatedAt))
        {
            const string reason = "not stored: the form has no pdfFile.pdfUrl or no updatedAt";
            Log.PdfFailed(logger, input.ProjectId, id, reason);
            return (null, reason);
        }

        var name = ModuleJson.Text(form, "pdfFile", "fileName") ?? id + ".pdf";
        try
        {
            return (await writer.StoreAsync(signed, FormLayout.Pdf(input.ProjectId, id, updatedAt, name), "application/pdf", cancellationToken).ConfigureAwait(false), null);
        }
        catch (HttpRequestException e)
        {
            var reason = "not stored: " + e.Message;
            Log.PdfFailed(logger, input.ProjectId, id, reason);
            return (null, reason);
        }
    }

    private static string Id(JsonElement form) => new JsonApiReader(ApsEndpoint.Forms).RequiredString(form, "id");

    private static Dictionary<string, long> CountsOf(FormSnapshot snapshot, int read, int copied, int templatesCopied) => new(StringComparer.Ordinal)
    {
        [Counts.Forms] = snapshot.Forms.Count,
        [Counts.FormsRead] = read,
        [Counts.Archived] = snapshot.Forms.Count(f => ModuleJson.Text(f.Form, "status") == "archived"),
        [Counts.Templates] = snapshot.Templates.Count,
        [Counts.Values] = snapshot.Forms.Sum(f => f.Values.Count),
        [Counts.TableRows] = snapshot.Forms.Sum(f => f.TableRows.Count),
        [Counts.Pdfs] = snapshot.Forms.Count(f => f.IsPdf),
        [Counts.PdfsCopied] = copied,
        [Counts.PdfFailures] = snapshot.Forms.Count(f => f.IsPdf && f.Pdf is null),
        [Counts.TemplatePdfs] = snapshot.Templates.Count(t => t.IsPdf),
        [Counts.TemplatePdfsCopied] = templatesCopied,
        [Counts.TemplatePdfFailures] = snapshot.Templates.Count(t => t.IsPdf && t.Pdf is null),
    };

    private static partial class Log
    {
        [LoggerMessage(EventId = 9150, Level = LogLevel.Information, Message = "Forms of {ProjectId} exported: {Forms} forms ({FormsRead} read whole, full read {FullRead}), {Templates} templates, {Pdfs} PDF forms ({PdfsCopied} PDFs stored now), {PdfFailures} PDFs not stored")]
        public static partial void Exported(ILogger logger, string projectId, int forms, int formsRead, bool fullRead, int templates, long pdfs, int pdfsCopied, long pdfFailures);

        [LoggerMessage(EventId = 9151, Level = LogLevel.Warning, Message = "The PDF of form {FormId} of project {ProjectId} is not stored: {Reason}")]
        public static partial void PdfFailed(ILogger logger, string projectId, string formId, string reason);

        [LoggerMessage(EventId = 9152, Level = LogLevel.Warning, Message = "The PDF of form template {TemplateId} of project {ProjectId} is not stored: {Reason}")]
        public static partial void TemplatePdfFailed(ILogger logger, string projectId, string templateId, string reason);

        [LoggerMessage(EventId = 9153, Level = LogLevel.Information, Message = "Form templates of {ProjectId}: {TemplatePdfs} PDF templates ({TemplatePdfsCopied} PDFs stored now), {TemplatePdfFailures} PDFs not stored")]
        public static partial void TemplatesExported(ILogger logger, string projectId, long templatePdfs, int templatePdfsCopied, long templatePdfFailures);
    }
}
