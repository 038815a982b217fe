using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>restore through the CLI over real backups of the emulator.</summary>
public sealed class RestoreCommandTests : IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-backup-restore-").FullName;

    [Fact]
    public async Task Restore_VersionOfFilesDeletedAndMovedOnceTheirLiveNightIsPruned_RestoresEachFromItsKeptCopy()
    {
        var ct = CancellationToken.None;
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ct);
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        var files = (await emulator.Truth.GetFilesAsync(TruthHashing.All, ct)).Where(f => f.HasStorage).OrderBy(f => f.ItemId, StringComparer.Ordinal).ToList();
        var (deleted, moved) = (files[0], files[1]);

        // Night 1, two days ago, is the only night either file was live at its path; then one is deleted, the other renamed.
        await RunAsync(environment, "night-1", new ShiftedTimeProvider(DateTimeOffset.UtcNow.AddDays(-2)));
        emulator.Mutations.DeleteFile(deleted.ItemId);
        emulator.Mutations.RenameFile(moved.ItemId, "renamed-" + moved.DisplayName);

        // Prune removes only blobs created before the newest kept night started, to the second: night 2 starts a second later.
        await Task.Delay(TimeSpan.FromSeconds(1.1), ct);
        await RunAsync(environment, "night-2", TimeProvider.System);
        var pruned = await CliHarness.InvokeAsync(environment, "prune", "--keep-daily", "1", "--keep-weekly", "0", "--keep-monthly", "0", "--json");
        Assert.True(pruned.ExitCode == 0, pruned.ToString());
        using (var report = JsonDocument.Parse(pruned.Output))
        {
            Assert.Equal(1, report.RootElement.GetProperty("runsRemoved").GetInt32());
        }

        var (reader, clients) = CliHarness.ReaderFor(environment);
        RunManifest kept;
        using (clients)
        {
            kept = await reader.ReadAsync("night-2", ct);
        }

        foreach (var (file, status) in new[] { (deleted, "deleted"), (moved, "moved") })
        {
            var path = file.ProjectName + "/" + file.Path;
            var history = await CliHarness.InvokeAsync(environment, "history", path, "--json");
            Assert.True(history.ExitCode == 0, history.ToString());
            using (var rows = JsonDocument.Parse(history.Output))
            {
                var row = Assert.Single(rows.RootElement.GetProperty("runs").EnumerateArray());
                Assert.Equal(("night-2", status, file.VersionNumber), (row.GetProperty("runId").GetString(), row.GetProperty("status").GetString(), row.GetProperty("versionNumber").GetInt32()));
            }

            var target = Path.Combine(scratch, status);
            var restored = await CliHarness.InvokeAsync(environment, "restore", "--path", path, "--version", $"{file.VersionNumber}", "--to", target, "--json");

            Assert.True(restored.ExitCode == 0, restored.ToString());
            using (var json = JsonDocument.Parse(restored.Output))
            {
                Assert.Equal(("night-2", 1), (json.RootElement.GetProperty("runId").GetString(), json.RootElement.GetProperty("restored").GetInt32()));
            }

            var written = Assert.Single(Directory.GetFiles(target, "*", SearchOption.AllDirectories));
            Assert.Equal(kept.Files.Single(e => e.ItemId == file.ItemId && e.Status.ToString().Equals(status, StringComparison.OrdinalIgnoreCase)).Place, Path.GetRelativePath(target, written).Replace('\\', '/'));
            Assert.Equal(file.Sha256, await Sha256Async(written));
        }
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private static async Task RunAsync(Dictionary<string, string?> environment, string runId, TimeProvider time)
    {
        var run = await CliHarness.InvokeAsync(environment, time, "run", "--run-id", runId, "--json");
        Assert.True(run.ExitCode == 0, run.ToString());
    }

    private static async Task<string> Sha256Async(string path)
    {
        await using var stream = File.OpenRead(path);
        return Convert.ToHexStringLower(await SHA256.HashDataAsync(stream));
    }
}
