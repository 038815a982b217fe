using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Forms;

/// <summary>One form template as <c>GET v1 form-templates</c> listed it, with a PDF template's blank PDF stored (what a restored
/// form is filled on again) or why it is not (the next night tries again); <see cref="FormRecord"/> is a form, this its template.</summary>
[JsonConverter(typeof(FormTemplateRecordConverter))]
public sealed record FormTemplateRecord(JsonElement Template, StoredModuleFile? Pdf, string? PdfError)
{
    /// <summary>The template's id.</summary>
    [JsonIgnore]
    public string? Id => ModuleJson.Text(Template, "id");

    /// <summary>The template's <c>updatedAt</c> as APS wrote it (what tells a changed template, or PDF, from an unchanged one).</summary>
    [JsonIgnore]
    public string? UpdatedAt => ModuleJson.Text(Template, "updatedAt");

    /// <summary>Whether the template is a PDF template (it carries <c>pdfUrl</c>).</summary>
    [JsonIgnore]
    public bool IsPdf => IsPdfTemplate(Template);

    /// <summary>Whether a listed template is a PDF template.</summary>
    public static bool IsPdfTemplate(JsonElement template) => ModuleJson.Text(template, "pdfUrl") is not null;
}
