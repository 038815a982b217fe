using System.Text.Json;
using System.Text.Json.Serialization;

namespace AccBackup.Modules.Forms;

/// <summary>Reads a template record in either shape a night wrote: <c>{template, pdf, pdfError}</c>, or the template itself as
/// APS listed it (a snapshot written before templates carried their PDFs); writes the first. Every night stays readable, and the
/// night after the upgrade knows its base run's templates (their PDFs are then fetched once).</summary>
/// <remarks>A converter rather than two record types: the shapes differ only in whether the template is wrapped.</remarks>
internal sealed class FormTemplateRecordConverter : JsonConverter<FormTemplateRecord>
{
    private const string TemplateName = "template";
    private const string PdfName = "pdf";
    private const string PdfErrorName = "pdfError";

    public override FormTemplateRecord Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        using var document = JsonDocument.ParseValue(ref reader);
        var element = document.RootElement;
        if (element.ValueKind != JsonValueKind.Object)
        {
            throw new JsonException($"A form template record is an object, not {element.ValueKind}.");
        }

        if (!element.TryGetProperty(TemplateName, out var template) || template.ValueKind != JsonValueKind.Object)
        {
            return new FormTemplateRecord(element.Clone(), null, null);
        }

        var pdf = element.TryGetProperty(PdfName, out var stored) && stored.ValueKind == JsonValueKind.Object
            ? stored.Deserialize(FormJsonContext.Default.StoredModuleFile)
            : null;
        var error = element.TryGetProperty(PdfErrorName, out var reason) && reason.ValueKind == JsonValueKind.String ? reason.GetString() : null;
        return new FormTemplateRecord(template.Clone(), pdf, error);
    }

    public override void Write(Utf8JsonWriter writer, FormTemplateRecord value, JsonSerializerOptions options)
    {
        ArgumentNullException.ThrowIfNull(writer);
        ArgumentNullException.ThrowIfNull(value);
        writer.WriteStartObject();
        writer.WritePropertyName(TemplateName);
        value.Template.WriteTo(writer);
        writer.WritePropertyName(PdfName);
        if (value.Pdf is null)
        {
            writer.WriteNullValue();
        }
        else
        {
            JsonSerializer.Serialize(writer, value.Pdf, FormJsonContext.Default.StoredModuleFile);
        }

        writer.WritePropertyName(PdfErrorName);
        if (value.PdfError is null)
        {
            writer.WriteNullValue();
        }
        else
        {
            writer.WriteStringValue(value.PdfError);
        }

        writer.WriteEndObject();
    }
}
