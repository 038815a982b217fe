using System.Text;
using AccBackup.Modules;
using AccBackup.Modules.Sheets;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Sheets;

/// <summary>Exports on the emulator and Azurite: equal to the truth, PDFs exported again only for version sets that changed.</summary>
public sealed class SheetExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthDeletedSheetsAndPdfHashesIncluded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Sheets, "run-1", projectId, "Demo Tower", null), CancellationToken.None);

        using var truth = host.Emulator.SheetTruth.Get(projectId);
        var snapshot = await SheetSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None);
        Assert.NotNull(snapshot);
        await SheetTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.True(counts[SheetExporter.Counts.DeletedSheets] > 0 && counts[SheetExporter.Counts.Collections] > 0, "the demo project lacks a case");
        Assert.Contains(snapshot.Sheets, s => !s.GetProperty("isCurrent").GetBoolean() && !s.GetProperty("deleted").GetBoolean());
        Assert.Equal(counts[SheetExporter.Counts.VersionSets], counts[SheetExporter.Counts.PdfsExported]);
        Assert.Equal(0, counts[SheetExporter.Counts.PdfFailures]);
    }

    [Fact]
    public async Task ExportAsync_DemoProject_WritesACsvRowPerSheetAndARealPdf()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Sheets, "run-1", projectId, "Demo Tower", null), CancellationToken.None);

        await using (var stream = await host.Container.OpenReadAsync(SheetLayout.Csv("run-1", projectId), null, null, CancellationToken.None))
        {
            using var reader = new StreamReader(stream, Encoding.UTF8);
            var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal(counts[SheetExporter.Counts.Sheets] + 1, lines.Length);
            Assert.StartsWith("number,title,versionSet,issuanceDate,collection,isCurrent,deleted,", lines[0], StringComparison.Ordinal);
            Assert.Contains(lines, l => l.Contains(",Building A,false,false,", StringComparison.Ordinal));
        }

        var snapshot = (await SheetSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await using var pdf = await host.Container.OpenReadAsync(snapshot.VersionSets[0].Pdfs[0].BlobName, null, null, CancellationToken.None);
        using var pdfReader = new StreamReader(pdf, Encoding.ASCII);
        var text = await pdfReader.ReadToEndAsync();
        Assert.StartsWith("%PDF-1.4", text, StringComparison.Ordinal);
        Assert.Contains("Markup ", text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExportAsync_SecondNightAfterChanges_ExportsOnlyChangedVersionSetsAndEachNightEqualsItsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Sheets, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        using var truth1 = host.Emulator.SheetTruth.Get(projectId);
        var night1 = (await SheetSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var revision = night1.VersionSets.Single(v => v.VersionSet.GetProperty("name").GetString() == "Revision 1");
        var tender = night1.VersionSets.Single(v => v.VersionSet.GetProperty("name").GetString() == "Tender set");

        var changes = host.Emulator.SheetMutations;
        changes.AddMarkup(Guid.Parse(revision.SheetIds[0]), "Beam moved 200 mm");
        changes.DeleteSheet(Guid.Parse(tender.SheetIds[^1]));
        changes.AddVersionSet(projectId, "Addendum 1", 2);
        host.Emulator.ResetStats();
        var counts = await Exporter(host).ExportAsync(new ModuleExportInput(ModuleNames.Sheets, "run-2", projectId, "Demo Tower", "run-1"), CancellationToken.None);
        var stats = host.Emulator.GetStats();

        using var truth2 = host.Emulator.SheetTruth.Get(projectId);
        var night2 = (await SheetSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await SheetTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        await SheetTruthAssert.EqualAsync(truth1.RootElement.GetProperty("projects")[0],
            (await SheetSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!, host.Container);
        // Three version sets changed (a markup, a deletion, a new set): one POST and two polls each; the unchanged one is carried.
        Assert.Equal(3, counts[SheetExporter.Counts.PdfsExported]);
        Assert.Equal(3 * 3, stats.Count(EndpointCategory.SheetsExports));
        var unchanged = night2.VersionSets.Single(v => v.Id == night1.VersionSets[0].Id);
        Assert.Equal(night1.VersionSets[0].Pdfs, unchanged.Pdfs);
        // Listing has no updated-since filter: one call per pass and per listing (the demo fits a page each).
        Assert.Equal(2, stats.Count(EndpointCategory.SheetsSheets));
        Assert.Equal(1, stats.Count(EndpointCategory.SheetsVersionSets));
        Assert.Equal(1, stats.Count(EndpointCategory.SheetsCollections));
    }

    [Fact]
    public async Task ExportAsync_SameRunTwice_ReturnsWhatTheFirstWroteWithoutAnExport()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var input = new ModuleExportInput(ModuleNames.Sheets, "run-1", projectId, "Demo Tower", null);
        var first = await Exporter(host).ExportAsync(input, CancellationToken.None);
        host.Emulator.ResetStats();

        var again = await Exporter(host).ExportAsync(input, CancellationToken.None);

        Assert.Equal(first[SheetExporter.Counts.Sheets], again[SheetExporter.Counts.Sheets]);
        Assert.Equal(first[SheetExporter.Counts.Pdfs], again[SheetExporter.Counts.Pdfs]);
        Assert.Equal(0, again[SheetExporter.Counts.PdfsExported]);
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.SheetsExports) + host.Emulator.GetStats().Count(EndpointCategory.SheetsSheets));
    }

    private static SheetExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<SheetExporter>().Single();
}
