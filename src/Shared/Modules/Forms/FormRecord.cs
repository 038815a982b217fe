using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Forms;

/// <summary>One form with everything read for it: the form as <c>GET v2 forms</c> listed it, a web form's answers and table
/// rows, a PDF form's extracted values and its PDF's stored bytes, or why they are not stored (the next night tries again).</summary>
public sealed record FormRecord(
    JsonElement Form, IReadOnlyList<JsonElement> Values, IReadOnlyList<JsonElement> TableRows, IReadOnlyList<JsonElement> PdfValues, StoredModuleFile? Pdf, string? PdfError)
{
    /// <summary>The form's id.</summary>
    [JsonIgnore]
    public string Id => Form.GetProperty("id").GetString()!;

    /// <summary>The form's <c>updatedAt</c> as APS wrote it (what tells a changed form from an unchanged one).</summary>
    [JsonIgnore]
    public string? UpdatedAt => ModuleJson.Text(Form, "updatedAt");

    /// <summary>Whether the form is a PDF form (it carries <c>pdfFile</c>).</summary>
    [JsonIgnore]
    public bool IsPdf => IsPdfForm(Form);

    /// <summary>Whether a listed form is a PDF form.</summary>
    public static bool IsPdfForm(JsonElement form) => form.TryGetProperty("pdfFile", out var pdf) && pdf.ValueKind == JsonValueKind.Object;
}
