using System.Text;
using System.Text.Json;
using AccBackup.Backup.Copying;
using AccBackup.Modules;
using AccBackup.Modules.Forms;
using AccEmulator;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;
using Polly.Retry;

namespace AccBackup.Tests.Modules.Forms;

/// <summary>Forms exported on the emulator and Azurite: equal to the truth night after night (archived forms and those of
/// inactive templates included), only changed forms read after the first night (calls counted), each PDF stored once, a form
/// ACC no longer lists dropped at the full read, a PDF that failed stored the next night; each PDF template's blank PDF stored
/// once and downloaded again only when the template changed.</summary>
public sealed class FormExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthWithTemplatesValuesTablesAndPdfBytes()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        using var truth = await host.Emulator.FormTruth.GetAsync(projectId);
        var snapshot = (await FormSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await FormTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Equal(1L, counts[FormExporter.Counts.Archived]);
        Assert.Contains(snapshot.Templates, t => t.Template.GetProperty("status").GetString() == "inactive");
        Assert.True(counts[FormExporter.Counts.TemplatePdfs] > 0, "the demo project has no PDF template");
        Assert.Equal((counts[FormExporter.Counts.TemplatePdfs], 0L), (counts[FormExporter.Counts.TemplatePdfsCopied], counts[FormExporter.Counts.TemplatePdfFailures]));
        Assert.All(snapshot.Templates.Where(t => t.Pdf is not null), t => Assert.StartsWith(FormLayout.PdfsRoot, t.Pdf!.BlobName, StringComparison.Ordinal));
        Assert.Equal((long)snapshot.Forms.Count, counts[FormExporter.Counts.FormsRead]);
        Assert.Equal(counts[FormExporter.Counts.Pdfs], counts[FormExporter.Counts.PdfsCopied]);
        Assert.True(counts[FormExporter.Counts.Pdfs] > 0 && counts[FormExporter.Counts.Values] > 0 && counts[FormExporter.Counts.TableRows] > 0, "the demo project lacks a case");

        await using var csv = await host.Container.OpenReadAsync(FormLayout.Csv("run-1", projectId), null, null, CancellationToken.None);
        using var reader = new StreamReader(csv, Encoding.UTF8);
        var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(snapshot.Forms.Count + 1, lines.Length);
        Assert.StartsWith("formNum,name,status,template,", lines[0], StringComparison.Ordinal);
        Assert.StartsWith("1,Daily Report,inProgress,Daily Report,", lines[1], StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExportAsync_SecondNightAfterChanges_ReadsOnlyTheChangedFormsAndEachNightEqualsItsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        using var truth1 = await host.Emulator.FormTruth.GetAsync(projectId);
        var forms = Forms(truth1);
        var report = FormId(forms.First(f => f.GetProperty("tableRows").GetArrayLength() > 0));
        var permit = FormId(forms.First(f => f.GetProperty("pdfSha256").ValueKind == JsonValueKind.String));
        host.Emulator.FormMutations.AddTableRow(report, "equipmentEntries", "Excavator", 6);
        host.Emulator.FormMutations.ReplacePdf(permit, 45_000);
        var created = host.Emulator.FormMutations.Create(projectId, "Safety Inspection");
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth2 = await host.Emulator.FormTruth.GetAsync(projectId);
        var night2 = (await FormSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var night1 = (await FormSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await FormTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        await FormTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0], night1, host.Container);
        Assert.Equal((3L, 1L, 0L), (counts[FormExporter.Counts.FormsRead], counts[FormExporter.Counts.PdfsCopied], counts[FormExporter.Counts.TemplatePdfsCopied]));
        Assert.NotNull(night2.UpdatedSince);
        // One templates page and one forms page; per changed web form its values and its three tables; per PDF form its PDF values.
        var stats = host.Emulator.GetStats();
        Assert.Equal(2 + 4 + 4 + 1, stats.Count(EndpointCategory.Forms));
        Assert.Equal(1, stats.Count(EndpointCategory.Download));
        Assert.Equal(
            night1.Forms.Where(f => f.Pdf is not null && f.Id != permit.ToString("D")).Select(f => f.Pdf!.BlobName),
            night2.Forms.Where(f => f.Pdf is not null && f.Id != permit.ToString("D")).Select(f => f.Pdf!.BlobName));
        Assert.Contains(night2.Forms, f => f.Id == created.ToString("D"));
        Assert.Equal(night1.Templates.Select(t => t.Pdf?.BlobName), night2.Templates.Select(t => t.Pdf?.BlobName));
    }

    [Fact]
    public async Task ExportAsync_NoChangeNight_DownloadsNoPdfAndReferencesNightOnesTemplatePdfs()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth = await host.Emulator.FormTruth.GetAsync(projectId);
        var night1 = (await FormSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var night2 = (await FormSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await FormTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], night2, host.Container);
        var stats = host.Emulator.GetStats();
        Assert.Equal((0, 2), (stats.Count(EndpointCategory.Download), stats.Count(EndpointCategory.Forms)));
        Assert.Equal((0L, 0L), (counts[FormExporter.Counts.TemplatePdfsCopied], counts[FormExporter.Counts.PdfsCopied]));
        Assert.Contains(night2.Templates, t => t.Pdf is not null);
        Assert.Equal(night1.Templates.Select(t => t.Pdf?.BlobName), night2.Templates.Select(t => t.Pdf?.BlobName));
    }

    [Fact]
    public async Task ExportAsync_TemplatePdfReplaced_DownloadsOnlyThatPdfOnceAndEachNightEqualsItsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        using var truth1 = await host.Emulator.FormTruth.GetAsync(projectId);
        var template = truth1.RootElement.GetProperty("projects")[0].GetProperty("templates").EnumerateArray().First(t => t.GetProperty("pdfSha256").ValueKind == JsonValueKind.String);
        var templateId = template.GetProperty("template").GetProperty("id").GetString()!;
        host.Emulator.FormMutations.ReplaceTemplatePdf(Guid.Parse(templateId), 61_000);
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth2 = await host.Emulator.FormTruth.GetAsync(projectId);
        var night1 = (await FormSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var night2 = (await FormSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await FormTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        await FormTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0], night1, host.Container);
        Assert.Equal(1, host.Emulator.GetStats().Count(EndpointCategory.Download));
        Assert.Equal((1L, 0L, 0L), (counts[FormExporter.Counts.TemplatePdfsCopied], counts[FormExporter.Counts.PdfsCopied], counts[FormExporter.Counts.FormsRead]));
        Assert.NotEqual(night1.Templates.Single(t => t.Id == templateId).Pdf!.BlobName, night2.Templates.Single(t => t.Id == templateId).Pdf!.BlobName);
        Assert.Equal(night1.Templates.Where(t => t.Id != templateId).Select(t => t.Pdf?.BlobName), night2.Templates.Where(t => t.Id != templateId).Select(t => t.Pdf?.BlobName));
    }

    [Fact]
    public async Task ExportAsync_FormDiscarded_CarriedByTheNightsThatReadChangesAndDroppedByTheFullRead()
    {
        var clock = new FakeTimeProvider(DateTimeOffset.UtcNow);
        await using var host = await ModulesHost.StartAsync(new EmulatorOptions { TimeProvider = clock }, configure: s => s.AddSingleton<TimeProvider>(clock));
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        using var truth = await host.Emulator.FormTruth.GetAsync(projectId);
        var discarded = FormId(Forms(truth)[3]);
        host.Emulator.FormMutations.SetStatus(discarded, "discarded");

        clock.Advance(TimeSpan.FromDays(1));
        host.Emulator.ResetStats();
        await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);
        var night2Calls = host.Emulator.GetStats().Count(EndpointCategory.Forms);
        clock.Advance(TimeSpan.FromDays(7));
        var counts = await Exporter(host).ExportAsync(Input("run-3", projectId, "run-2"), CancellationToken.None);

        var night2 = (await FormSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        var night3 = (await FormSnapshotReader.ReadAsync(host.Container, "run-3", projectId, CancellationToken.None))!;
        Assert.Contains(night2.Forms, f => f.Id == discarded.ToString("D"));
        Assert.DoesNotContain(night3.Forms, f => f.Id == discarded.ToString("D"));
        Assert.Equal((night3.ExportedAt, (DateTimeOffset?)null), (night3.FullReadAt, night3.UpdatedSince));
        Assert.Equal(2, night2Calls);
        Assert.Equal(0L, counts[FormExporter.Counts.FormsRead]);
    }

    [Fact]
    public async Task ExportAsync_PdfDownloadFailsOneNight_RecordedThenStoredTheNextNightFromAFreshUrl()
    {
        await using var host = await ModulesHost.StartAsync(new EmulatorOptions
        {
            Faults = FaultOptions.None.With(EndpointCategory.Download, new EndpointFaults { ServerErrorRate = 1 }),
        }, configure: s => s.PostConfigure<RetryStrategyOptions<HttpResponseMessage>>(BlobCopier.DownloadClientName, r => (r.Delay, r.UseJitter) = (TimeSpan.Zero, false)));
        var projectId = host.ProjectId(0);

        var night1 = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.Faults = FaultOptions.None;
        var night2 = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth = await host.Emulator.FormTruth.GetAsync(projectId);
        var snapshot = (await FormSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await FormTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Equal(night1[FormExporter.Counts.Pdfs], night1[FormExporter.Counts.PdfFailures]);
        Assert.Equal((0L, night1[FormExporter.Counts.Pdfs]), (night2[FormExporter.Counts.PdfFailures], night2[FormExporter.Counts.PdfsCopied]));
        Assert.True(night1[FormExporter.Counts.TemplatePdfs] > 0, "the demo project has no PDF template");
        Assert.Equal(night1[FormExporter.Counts.TemplatePdfs], night1[FormExporter.Counts.TemplatePdfFailures]);
        Assert.Equal((0L, night1[FormExporter.Counts.TemplatePdfs]), (night2[FormExporter.Counts.TemplatePdfFailures], night2[FormExporter.Counts.TemplatePdfsCopied]));
        var failed = (await FormSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!.Templates.Where(t => t.IsPdf).ToList();
        Assert.All(failed, t => Assert.StartsWith("not stored: ", t.PdfError, StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExportAsync_SameRunTwice_ReturnsWhatTheFirstWroteWithoutCallingAps()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        var first = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.ResetStats();

        var second = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        Assert.Equal(first[FormExporter.Counts.Forms], second[FormExporter.Counts.Forms]);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Forms));
    }

    private static ModuleExportInput Input(string runId, string projectId, string? baseRunId) => new(ModuleNames.Forms, runId, projectId, "Demo Tower", baseRunId);

    private static List<JsonElement> Forms(JsonDocument truth) => [.. truth.RootElement.GetProperty("projects")[0].GetProperty("forms").EnumerateArray()];

    private static Guid FormId(JsonElement truthForm) => Guid.Parse(truthForm.GetProperty("form").GetProperty("id").GetString()!);

    private static FormExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<FormExporter>().Single();
}
