using System.Text.Json;

namespace AccBackup.Modules.Forms;

/// <summary>The templates of a project's forms, each PDF template's blank PDF stored once per state of the template.</summary>
public sealed partial class FormExporter
{
    /// <summary>Every template as listed tonight; a PDF template's PDF carried from <paramref name="previous"/> when the template
    /// has not changed since (no download), otherwise downloaded from its signed <c>pdfUrl</c>.</summary>
    private async Task<(List<FormTemplateRecord> Templates, int Copied)> ReadTemplatesAsync(ModuleExportInput input, FormSnapshot? previous, CancellationToken cancellationToken)
    {
        var listed = await client.ListTemplatesAsync(input.ProjectId, cancellationToken).ConfigureAwait(false);
        var before = (previous?.Templates ?? []).Where(t => t.Id is not null && t.Pdf is not null)
            .GroupBy(t => t.Id!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        var records = new List<FormTemplateRecord>(listed.Count);
        var copied = 0;
        foreach (var template in listed)
        {
            if (!FormTemplateRecord.IsPdfTemplate(template))
            {
                records.Add(new FormTemplateRecord(template, null, null));
            }
            else if (ModuleJson.Text(template, "id") is { } id && before.TryGetValue(id, out var known) && known.UpdatedAt == ModuleJson.Text(template, "updatedAt"))
            {
                records.Add(known with { Template = template });
            }
            else
            {
                var (pdf, error) = await StoreTemplatePdfAsync(input, template, cancellationToken).ConfigureAwait(false);
                records.Add(new FormTemplateRecord(template, pdf, error));
                copied += pdf is null ? 0 : 1;
            }
        }

        return (records, copied);
    }

    /// <summary>Stores a PDF template's blank PDF from its signed <c>pdfUrl</c>; a failure is recorded on the template, never thrown.</summary>
    private async Task<(StoredModuleFile? Pdf, string? Error)> StoreTemplatePdfAsync(ModuleExportInput input, JsonElement template, CancellationToken cancellationToken)
    {
        var id = ModuleJson.Text(template, "id");
        if (id is null || !Uri.TryCreate(ModuleJson.Text(template, "pdfUrl"), UriKind.Absolute, out var signed)
            || !DateTimeOffset.TryParse(ModuleJson.Text(template, "updatedAt"), out var updatedAt))
        {
            const string reason = "not stored: the template has no id, no absolute pdfUrl or no updatedAt";
            Log.TemplatePdfFailed(logger, input.ProjectId, id ?? "(none)", reason);
            return (null, reason);
        }

        try
        {
            return (await writer.StoreAsync(signed, FormLayout.TemplatePdf(input.ProjectId, id, updatedAt, ModuleJson.Text(template, "name") ?? id), "application/pdf",
                cancellationToken).ConfigureAwait(false), null);
        }
        catch (HttpRequestException e)
        {
            var reason = "not stored: " + e.Message;
            Log.TemplatePdfFailed(logger, input.ProjectId, id, reason);
            return (null, reason);
        }
    }
}
