using System.Security.Cryptography;
using AccBackup.Modules;
using AccBackup.Modules.Sheets;
using AccBackup.Restore;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Sheets;

/// <summary><c>restore --modules sheets</c>: the snapshot, the CSV and each version set's PDF written back, proven by SHA-256.</summary>
public sealed class SheetRestoreTests
{
    [Fact]
    public async Task RestoreAsync_Sheets_WritesRecordsCsvAndPdfsEqualToTheNightsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetServices<IProjectModuleExporter>().OfType<SheetExporter>().Single();
        await exporter.ExportAsync(new ModuleExportInput(ModuleNames.Sheets, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        using var truth = host.Emulator.SheetTruth.Get(projectId);
        host.Emulator.SheetMutations.AddMarkup(Guid.Parse(truth.RootElement.GetProperty("projects")[0].GetProperty("versionSets")[0].GetProperty("sheetIds")[0].GetString()!), "after run 1");
        var destination = Path.Combine(Path.GetTempPath(), "sheets-restore-" + Guid.NewGuid().ToString("N"));
        var restorer = new ModuleRestorer(host.Container, host.Services.GetRequiredService<AccBackup.Manifest.Serialization.ManifestReader>(),
            new IssueRestorer(host.Container, host.Services.GetRequiredService<AccBackup.Manifest.Serialization.ManifestReader>()));

        try
        {
            var report = await restorer.RestoreAsync("run-1", [ModuleNames.Sheets], destination, overwrite: false, CancellationToken.None);

            Assert.True(report.Succeeded, string.Join("; ", report.Failures.Select(f => f.Reason)));
            var folder = Path.Combine(destination, "Demo Tower", "Sheets");
            Assert.True(File.Exists(Path.Combine(folder, "sheets.json")) && File.Exists(Path.Combine(folder, "sheets.csv")));
            var restored = Directory.GetFiles(Path.Combine(folder, "pdfs")).Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).Order().ToList();
            var expected = truth.RootElement.GetProperty("projects")[0].GetProperty("versionSets").EnumerateArray()
                .Select(v => v.GetProperty("pdfSha256").GetString()!).Order().ToList();
            Assert.Equal(expected, restored);
            Assert.Contains(Directory.GetFiles(Path.Combine(folder, "pdfs")), f => Path.GetFileName(f).StartsWith("Revision 1 (", StringComparison.Ordinal));
        }
        finally
        {
            if (Directory.Exists(destination))
            {
                Directory.Delete(destination, recursive: true);
            }
        }
    }

    [Fact]
    public async Task RestoreAsync_UnknownModule_ThrowsNamingTheModules()
    {
        await using var host = await ModulesHost.StartAsync();
        var reader = host.Services.GetRequiredService<AccBackup.Manifest.Serialization.ManifestReader>();
        var restorer = new ModuleRestorer(host.Container, reader, new IssueRestorer(host.Container, reader));

        var error = await Assert.ThrowsAsync<ArgumentException>(() => restorer.RestoreAsync("run-1", ["drawings"], Path.GetTempPath(), false, CancellationToken.None));

        Assert.Contains("issues, sheets, members", error.Message, StringComparison.Ordinal);
    }
}
