using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest.Serialization;
using AccBackup.Modules;
using AccBackup.Modules.Forms;
using AccBackup.Restore;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Forms;

/// <summary><c>restore --modules forms</c>: the snapshot, the CSV, every form's PDF and every PDF template's blank PDF written back as that night held them (not as
/// the form is now), proven by SHA-256.</summary>
public sealed class FormRestoreTests
{
    [Fact]
    public async Task RestoreAsync_Forms_WritesRecordsCsvAndPdfsEqualToTheNightsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetServices<IProjectModuleExporter>().OfType<FormExporter>().Single();
        await exporter.ExportAsync(new ModuleExportInput(ModuleNames.Forms, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        using var truth = await host.Emulator.FormTruth.GetAsync(projectId);
        var forms = truth.RootElement.GetProperty("projects")[0].GetProperty("forms").EnumerateArray().ToList();
        var permit = forms.First(f => f.GetProperty("pdfSha256").ValueKind == JsonValueKind.String);
        host.Emulator.FormMutations.ReplacePdf(Guid.Parse(permit.GetProperty("form").GetProperty("id").GetString()!), 9_999);
        var templates = truth.RootElement.GetProperty("projects")[0].GetProperty("templates").EnumerateArray().ToList();
        var blank = templates.First(t => t.GetProperty("pdfSha256").ValueKind == JsonValueKind.String).GetProperty("template");
        host.Emulator.FormMutations.ReplaceTemplatePdf(Guid.Parse(blank.GetProperty("id").GetString()!), 8_888);
        var destination = Path.Combine(Path.GetTempPath(), "forms-restore-" + Guid.NewGuid().ToString("N"));
        var reader = host.Services.GetRequiredService<ManifestReader>();
        var restorer = new ModuleRestorer(host.Container, reader, new IssueRestorer(host.Container, reader));

        try
        {
            var report = await restorer.RestoreAsync("run-1", [ModuleNames.Forms], destination, overwrite: false, CancellationToken.None);

            Assert.True(report.Succeeded, string.Join("; ", report.Failures.Select(f => f.Reason)));
            var folder = Path.Combine(destination, "Demo Tower", "Forms");
            using (var restored = JsonDocument.Parse(await File.ReadAllBytesAsync(Path.Combine(folder, "forms.json"))))
            {
                var records = restored.RootElement.GetProperty("forms").EnumerateArray().Select(f => FormTruthAssert.Comparable(f.GetProperty("form"))).ToList();
                Assert.Equal(forms.Count, records.Count);
                Assert.All(forms.Zip(records), pair => Assert.True(JsonElement.DeepEquals(pair.First.GetProperty("form"), pair.Second)));
            }

            Assert.True(File.Exists(Path.Combine(folder, "forms.csv")));
            var written = Directory.GetFiles(Path.Combine(folder, "pdfs"), "*.pdf", SearchOption.AllDirectories)
                .Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).Order().ToList();
            var expected = forms.Select(f => f.GetProperty("pdfSha256").GetString()).OfType<string>().Order().ToList();
            Assert.Equal(expected, written);
            var writtenTemplates = Directory.GetFiles(Path.Combine(folder, "templates"), "*.pdf", SearchOption.AllDirectories)
                .Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).Order().ToList();
            Assert.Equal(templates.Select(t => t.GetProperty("pdfSha256").GetString()).OfType<string>().Order().ToList(), writtenTemplates);
            Assert.True(File.Exists(Path.Combine(folder, "templates", blank.GetProperty("id").GetString()!, blank.GetProperty("name").GetString() + ".pdf")));
            Assert.True(File.Exists(Path.Combine(folder, "pdfs", permit.GetProperty("form").GetProperty("formNum").GetInt32().ToString(System.Globalization.CultureInfo.InvariantCulture),
                permit.GetProperty("form").GetProperty("pdfFile").GetProperty("fileName").GetString()!)));
        }
        finally
        {
            if (Directory.Exists(destination))
            {
                Directory.Delete(destination, recursive: true);
            }
        }
    }
}
