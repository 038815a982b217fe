using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Modules.Forms;
using AccBackup.Tests.Samples;

namespace AccBackup.Tests.Modules.Forms;

/// <summary>A forms snapshot stays readable whichever shape its night wrote its templates in: wrapped with their stored PDF,
/// or (before templates carried their PDFs) each template as APS listed it.</summary>
[Trait("Category", "Unit")]
public sealed class FormTemplateRecordConverterTests
{
    [Fact]
    public void Deserialize_SnapshotWithTemplatesAsListed_EachTemplateWholeWithoutAPdf()
    {
        var sample = Sample.Read("forms-snapshot-templates-unwrapped.json");

        var snapshot = sample.Deserialize(FormJsonContext.Default.FormSnapshot)!;

        Assert.Equal(["7c1f0d3e-0000-4000-8000-0000000000a1", "7c1f0d3e-0000-4000-8000-0000000000a2"], snapshot.Templates.Select(t => t.Id));
        Assert.All(snapshot.Templates.Zip(sample.GetProperty("templates").EnumerateArray()), pair => Assert.True(JsonElement.DeepEquals(pair.Second, pair.First.Template)));
        Assert.All(snapshot.Templates, t => Assert.Equal((null, null), (t.Pdf, t.PdfError)));
        Assert.Equal([false, true], snapshot.Templates.Select(t => t.IsPdf));
    }

    [Fact]
    public void Serialize_ThenDeserialize_KeepsTheTemplateItsPdfAndItsError()
    {
        var template = JsonDocument.Parse("""{"id":"t1","name":"Permit","pdfUrl":"https://example.invalid/t1.pdf","updatedAt":"2026-11-01T00:00:00Z"}""").RootElement;
        var snapshot = Sample.Read("forms-snapshot-templates-unwrapped.json").Deserialize(FormJsonContext.Default.FormSnapshot)! with
        {
            Templates = [new FormTemplateRecord(template, new StoredModuleFile("$acc-backup/forms/p/templates/t1/x/Permit.pdf", 123, "ab"), null),
                new FormTemplateRecord(template, null, "not stored: 404")],
        };

        var json = JsonSerializer.SerializeToElement(snapshot, FormJsonContext.Default.FormSnapshot);
        var back = json.Deserialize(FormJsonContext.Default.FormSnapshot)!;

        Assert.Equal(["template", "pdf", "pdfError"], json.GetProperty("templates")[0].EnumerateObject().Select(p => p.Name));
        Assert.Equal(snapshot.Templates.Select(t => (t.Pdf, t.PdfError)), back.Templates.Select(t => (t.Pdf, t.PdfError)));
        Assert.All(back.Templates, t => Assert.True(JsonElement.DeepEquals(template, t.Template)));
    }
}
