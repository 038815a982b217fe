using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;
using AccBackup.Modules.Forms;
using AccBackup.Storage;

namespace AccBackup.Tests.Modules.Forms;

/// <summary>A night's form snapshot against the emulator's truth: templates and forms field by field (less what changes with
/// each read: <c>pdfFile.pdfUrl</c>, <c>lastFetchedAt</c>), values, table rows, PDF values, each PDF by SHA-256 of its blob.</summary>
internal static class FormTruthAssert
{
    public static async Task EqualAsync(JsonElement truthProject, FormSnapshot snapshot, BlobContainer container)
    {
        Assert.True(JsonElement.DeepEquals(truthProject.GetProperty("templates"), JsonSerializer.SerializeToElement(snapshot.Templates)));
        var forms = truthProject.GetProperty("forms").EnumerateArray().ToList();
        Assert.Equal(forms.Count, snapshot.Forms.Count);
        foreach (var (truth, exported) in forms.Zip(snapshot.Forms))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("form"), Comparable(exported.Form)), exported.Form.ToString());
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("values"), JsonSerializer.SerializeToElement(exported.Values)));
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("tableRows"), JsonSerializer.SerializeToElement(exported.TableRows)));
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("pdfValues"), JsonSerializer.SerializeToElement(exported.PdfValues)));
            var sha256 = truth.GetProperty("pdfSha256").GetString();
            Assert.Equal(sha256, exported.Pdf?.Sha256);
            if (sha256 is not null)
            {
                await using var bytes = await container.OpenReadAsync(exported.Pdf!.BlobName, null, null, CancellationToken.None);
                Assert.Equal(sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
            }
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
