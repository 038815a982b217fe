using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;
using AccBackup.Modules.Forms;
using AccBackup.Storage;

namespace AccBackup.Tests.Modules.Forms;

/// <summary>A night's form snapshot against the emulator's truth: templates and forms field by field (less what changes with
/// each read: <c>pdfUrl</c>, <c>pdfFile.pdfUrl</c>, <c>lastFetchedAt</c>), values, table rows, PDF values, each form's and PDF
/// template's PDF by SHA-256 of its blob.</summary>
internal static class FormTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, FormSnapshot snapshot, BlobContainer container)
    {
        var templates = truthProject.GetProperty("templates").EnumerateArray().ToList();
        Assert.Equal(templates.Count, snapshot.Templates.Count);
        foreach (var (truth, exported) in templates.Zip(snapshot.Templates))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("template"), ComparableTemplate(exported.Template)), exported.Template.ToString());
            await BytesEqualAsync(truth.GetProperty("pdfSha256").GetString(), exported.Pdf, container);
        }

        var forms = truthProject.GetProperty("forms").EnumerateArray().ToList();
        Assert.Equal(forms.Count, snapshot.Forms.Count);
        foreach (var (truth, exported) in forms.Zip(snapshot.Forms))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("form"), Comparable(exported.Form)), exported.Form.ToString());
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("values"), JsonSerializer.SerializeToElement(exported.Values)));
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("tableRows"), JsonSerializer.SerializeToElement(exported.TableRows)));
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("pdfValues"), JsonSerializer.SerializeToElement(exported.PdfValues)));
            await BytesEqualAsync(truth.GetProperty("pdfSha256").GetString(), exported.Pdf, container);
        }
    }

    /// <summary>A template as listed, without its signed <c>pdfUrl</c> (it changes with each read).</summary>
    public static JsonElement ComparableTemplate(JsonElement template)
    {
        var node = JsonNode.Parse(template.GetRawText())!.AsObject();
        node.Remove("pdfUrl");
        return JsonSerializer.SerializeToElement(node);
    }

    private static async Task BytesEqualAsync(string? sha256, AccBackup.Modules.StoredModuleFile? stored, BlobContainer container)
    {
        Assert.Equal(sha256, stored?.Sha256);
        if (sha256 is not null)
        {
            await using var bytes = await container.OpenReadAsync(stored!.BlobName, null, null, CancellationToken.None);
            Assert.Equal(sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
        }
    }

    /// <summary>A form as listed, without the members that change with each read.</summary>
    public static JsonElement Comparable(JsonElement form)
    {
        var node = JsonNode.Parse(form.GetRawText())!.AsObject();
        node.Remove("lastFetchedAt");
        (node["pdfFile"] as JsonObject)?.Remove("pdfUrl");
        return JsonSerializer.SerializeToElement(node);
    }
}
