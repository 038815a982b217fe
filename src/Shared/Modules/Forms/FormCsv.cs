using System.Globalization;
using System.Text;
using System.Text.Json;
using AccBackup.Manifest.Serialization;

namespace AccBackup.Modules.Forms;

/// <summary>A project's forms as a spreadsheet: one row per form (archived ones and those of inactive templates too) with its
/// template's name and how many values, table rows and PDF values it has; RFC 4180, UTF-8 with BOM, formula-safe cells. The
/// JSON snapshot stays the record.</summary>
internal static class FormCsv
{
    private static readonly string[] Columns =
        ["formNum", "name", "status", "template", "formDate", "dueDate", "assigneeType", "assigneeId", "locationId", "description", "notes",
            "values", "tableRows", "pdfValues", "pdf", "createdBy", "createdAt", "updatedBy", "updatedAt", "id"];

    public static byte[] Write(FormSnapshot snapshot)
    {
        var templates = snapshot.Templates.Where(t => t.Id is not null)
            .GroupBy(t => t.Id!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => ModuleJson.Text(g.First().Template, "name"), StringComparer.Ordinal);
        var text = new StringBuilder();
        text.AppendJoin(',', Columns.Select(ManifestCsv.Field)).Append("\r\n");
        foreach (var record in snapshot.Forms)
        {
            var form = record.Form;
            string?[] cells =
            [
                ModuleJson.Text(form, "formNum"), ModuleJson.Text(form, "name"), ModuleJson.Text(form, "status"),
                ModuleJson.Text(form, "formTemplateId") is { } template ? templates.GetValueOrDefault(template) : null,
                ModuleJson.Text(form, "formDate"), ModuleJson.Text(form, "dueDate"), ModuleJson.Text(form, "assigneeType"), ModuleJson.Text(form, "assigneeId"),
                ModuleJson.Text(form, "locationId"), ModuleJson.Text(form, "description"), ModuleJson.Text(form, "notes"),
                Count(record.Values), Count(record.TableRows), Count(record.PdfValues), ModuleJson.Text(form, "pdfFile", "fileName"),
                ModuleJson.Text(form, "createdBy"), ModuleJson.Text(form, "createdAt"), ModuleJson.Text(form, "updatedBy"), ModuleJson.Text(form, "updatedAt"), record.Id,
            ];
            text.AppendJoin(',', cells.Select(ManifestCsv.Field)).Append("\r\n");
        }

        return [.. Encoding.UTF8.Preamble, .. Encoding.UTF8.GetBytes(text.ToString())];
    }

    private static string Count(IReadOnlyList<JsonElement> items) => items.Count.ToString(CultureInfo.InvariantCulture);
}
