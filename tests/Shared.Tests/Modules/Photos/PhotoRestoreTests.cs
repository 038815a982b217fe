using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest.Serialization;
using AccBackup.Modules;
using AccBackup.Modules.Photos;
using AccBackup.Restore;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Photos;

/// <summary><c>restore --modules photos</c>: the snapshot, both CSVs and every photo's bytes under its name, as that night held them,
/// proven by SHA-256.</summary>
public sealed class PhotoRestoreTests
{
    [Fact]
    public async Task RestoreAsync_Photos_WritesRecordsCsvsLinksAndFilesEqualToTheNightsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetServices<IProjectModuleExporter>().OfType<PhotoExporter>().Single();
        await exporter.ExportAsync(new ModuleExportInput(ModuleNames.Photos, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        using var truth = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var project = truth.RootElement.GetProperty("projects")[0];
        host.Emulator.PhotoMutations.Add(projectId, "IMG_9200.jpg", 4_321);
        var destination = Path.Combine(Path.GetTempPath(), "photos-restore-" + Guid.NewGuid().ToString("N"));
        var reader = host.Services.GetRequiredService<ManifestReader>();
        var restorer = new ModuleRestorer(host.Container, reader, new IssueRestorer(host.Container, reader));

        try
        {
            var report = await restorer.RestoreAsync("run-1", [ModuleNames.Photos], destination, overwrite: false, CancellationToken.None);

            Assert.True(report.Succeeded, string.Join("; ", report.Failures.Select(f => f.Reason)));
            var folder = Path.Combine(destination, "Demo Tower", "Photos");
            using (var restored = JsonDocument.Parse(await File.ReadAllBytesAsync(Path.Combine(folder, "photos.json"))))
            {
                var photos = restored.RootElement.GetProperty("photos").EnumerateArray().Select(p => p.GetProperty("photo")).ToList();
                var expected = project.GetProperty("photos").EnumerateArray().Select(p => p.GetProperty("photo")).ToList();
                Assert.Equal(expected.Count, photos.Count);
                Assert.All(expected.Zip(photos), pair => Assert.True(JsonElement.DeepEquals(pair.First, pair.Second)));
                Assert.True(JsonElement.DeepEquals(project.GetProperty("links"), restored.RootElement.GetProperty("links")));
            }

            Assert.Equal(project.GetProperty("links").GetArrayLength() + 1, (await File.ReadAllLinesAsync(Path.Combine(folder, "links.csv"))).Length);
            Assert.True(File.Exists(Path.Combine(folder, "photos.csv")));
            var files = Directory.GetFiles(Path.Combine(folder, "files"));
            Assert.Equal(
                project.GetProperty("photos").EnumerateArray().Select(p => p.GetProperty("sha256").GetString()!).Order(),
                files.Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).Order());
            Assert.Equal(
                project.GetProperty("photos").EnumerateArray().Select(p => p.GetProperty("photo").GetProperty("title").GetString()!).Order(StringComparer.Ordinal),
                files.Select(Path.GetFileName).Order(StringComparer.Ordinal));
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
