using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Manifest.Serialization;
using AccBackup.Runs;
using AccBackup.Runs.InProcess;
using AccBackup.Tests.Backup.Copying;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Quotas;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Runs;

/// <summary>A run started again under the id of one that never wrote its manifest (killed) resumes it, and ends as a clean run would now.</summary>
public sealed class ResumedRunTests
{
    private const string RunId = "resume-2";
    private static readonly EmulatorOptions Demo = new() { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled };

    [Fact]
    public async Task RunAsync_SameRunIdAfterKillAndAccountChanges_ManifestHasEveryFileAtItsCurrentVersion()
    {
        var ct = CancellationToken.None;
        await using var host = await CopyEngineHost.StartAsync(Demo);
        var runner = host.Services.GetRequiredService<BackupRunner>();
        await runner.RunAsync(new BackupRunRequest(RunId: RunId), null, ct);
        // As if killed just before its manifest: every chunk has its results, and nothing says the run finished.
        await host.Unguarded.DeleteIfExistsAsync(RunLayout.Json(RunId), ct);
        await host.Unguarded.DeleteIfExistsAsync(RunLayout.Csv(RunId), ct);
        await host.State.DeleteIfExistsAsync(RunLayout.LatestPointer, ct);
        var before = await host.Emulator.Truth.GetFilesAsync(TruthHashing.None, ct);
        var changed = before.First(f => f.HasStorage && f.ProjectName == "Demo Hospital");
        host.Emulator.Mutations.ChangeFile(changed.ItemId, 1234);
        host.Emulator.Mutations.AddFile(changed.FolderId, "added after the kill.txt", 4321);

        var result = await runner.RunAsync(new BackupRunRequest(RunId: RunId), null, ct);

        var truth = await host.Emulator.Truth.GetFilesAsync(TruthHashing.All, ct);
        var manifest = await host.Services.GetRequiredService<ManifestReader>().ReadAsync(RunId, ct);
        Assert.Equal(0, result.Summary.Failed);
        Assert.Equal(truth.Count, manifest.Files.Count);
        Assert.Equal(manifest.Files.Count, manifest.Files.Select(e => e.Path).Distinct(StringComparer.Ordinal).Count());
        var entries = manifest.Files.ToDictionary(e => e.ItemId);
        Assert.All(truth, file =>
        {
            Assert.True(entries.TryGetValue(file.ItemId, out var entry), $"{file.Path} is missing from the manifest");
            Assert.Equal((file.VersionId, file.Sha256), (entry!.VersionId, entry.Sha256));
        });
    }
}
