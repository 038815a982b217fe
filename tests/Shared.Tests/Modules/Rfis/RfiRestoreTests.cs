using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Serialization;
using AccBackup.Modules;
using AccBackup.Modules.Rfis;
using AccBackup.Restore;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Rfis;

/// <summary><c>restore --modules rfis</c>: the snapshot, the CSV and every attachment written back as that night held them, proven by SHA-256.</summary>
public sealed class RfiRestoreTests
{
    [Fact]
    public async Task RestoreAsync_Rfis_WritesRecordsCsvAndAttachmentsEqualToTheNightsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetServices<IProjectModuleExporter>().OfType<RfiExporter>().Single();
        await exporter.ExportAsync(new ModuleExportInput(ModuleNames.Rfis, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        // Run 2 settles run 1's references to the Docs files run 1's file backup stored: restore reads those blobs.
        var stored = await RfiFileBackup.StoreReferencedAsync(host, (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!);
        Assert.NotEmpty(stored);
        await exporter.ExportAsync(
            new ModuleExportInput(ModuleNames.Rfis, "run-2", projectId, "Demo Tower", "run-1") { StoredVersions = _ => Task.FromResult<IReadOnlyDictionary<string, ManifestEntry>>(stored) },
            CancellationToken.None);
        using var truth = await host.Emulator.RfiTruth.GetAsync(projectId);
        var rfis = truth.RootElement.GetProperty("projects")[0].GetProperty("rfis").EnumerateArray().ToList();
        host.Emulator.RfiMutations.Attach(Guid.Parse(rfis[1].GetProperty("rfi").GetProperty("id").GetString()!), "bridgeFiles", "SK-900.pdf", 4_321);
        var destination = Path.Combine(Path.GetTempPath(), "rfis-restore-" + Guid.NewGuid().ToString("N"));
        var reader = host.Services.GetRequiredService<ManifestReader>();
        var restorer = new ModuleRestorer(host.Container, reader, new IssueRestorer(host.Container, reader));

        try
        {
            var report = await restorer.RestoreAsync("run-2", [ModuleNames.Rfis], destination, overwrite: false, CancellationToken.None);

            Assert.True(report.Succeeded, string.Join("; ", report.Failures.Select(f => f.Reason)));
            var folder = Path.Combine(destination, "Demo Tower", "RFIs");
            using (var restored = JsonDocument.Parse(await File.ReadAllBytesAsync(Path.Combine(folder, "rfis.json"))))
            {
                var records = restored.RootElement.GetProperty("rfis").EnumerateArray().Select(r => r.GetProperty("rfi")).ToList();
                Assert.Equal(rfis.Count, records.Count);
                Assert.All(rfis.Zip(records), pair => Assert.True(JsonElement.DeepEquals(pair.First.GetProperty("rfi"), pair.Second)));
            }

            Assert.True(File.Exists(Path.Combine(folder, "rfis.csv")));
            var written = Directory.GetFiles(Path.Combine(folder, "attachments"), "*", SearchOption.AllDirectories)
                .Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f)))).Order().ToList();
            var expected = rfis.SelectMany(r => r.GetProperty("attachments").EnumerateArray()).Select(a => a.GetProperty("sha256").GetString()!).Order().ToList();
            Assert.Equal(expected, written);
            Assert.True(Directory.Exists(Path.Combine(folder, "attachments", "001")));
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
    public async Task RestoreAsync_ReferenceTheRunsFileBackupDidNotStore_ReportedWithTheVersionAndTheRestWritten()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        var exporter = host.Services.GetServices<IProjectModuleExporter>().OfType<RfiExporter>().Single();
        await exporter.ExportAsync(new ModuleExportInput(ModuleNames.Rfis, "run-1", projectId, "Demo Tower", null), CancellationToken.None);
        var snapshot = (await RfiSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var deferred = snapshot.Rfis.SelectMany(r => r.Attachments).Where(a => a.IsUnresolvedReference).Select(a => a.ReferencedVersion!).ToList();
        Assert.NotEmpty(deferred);
        var destination = Path.Combine(Path.GetTempPath(), "rfis-restore-" + Guid.NewGuid().ToString("N"));
        var reader = host.Services.GetRequiredService<ManifestReader>();
        var restorer = new ModuleRestorer(host.Container, reader, new IssueRestorer(host.Container, reader));

        try
        {
            // No file backup beside this export: run 1 wrote no manifest, so the Docs files it referenced are not there to restore.
            var report = await restorer.RestoreAsync("run-1", [ModuleNames.Rfis], destination, overwrite: false, CancellationToken.None);

            Assert.Equal(deferred.Order(StringComparer.Ordinal), report.Failures.Select(f => deferred.Single(v => f.Reason.Contains(v, StringComparison.Ordinal))).Order(StringComparer.Ordinal));
            var others = snapshot.Rfis.Sum(r => r.Attachments.Count(a => a.Stored is not null));
            Assert.Equal(others, Directory.GetFiles(Path.Combine(destination, "Demo Tower", "RFIs", "attachments"), "*", SearchOption.AllDirectories).Length);
            Assert.Equal(others + 2 + deferred.Count, report.Selected);
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
