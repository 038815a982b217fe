using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Manifest.Catalog;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>Every night restorable: three CLI runs around a change, a rename, a delete and an addition, each restored
/// back (by run and by time) to exactly the account it saw, with no stored blob ever rewritten.</summary>
public sealed class PointInTimeRestoreTests : IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-backup-pitr-").FullName;

    [Fact]
    public async Task RestoreEachNight_AfterChangeRenameDeleteAdd_EqualsTheAccountThatNightSawAndNoBlobWasRewritten()
    {
        var ct = CancellationToken.None;
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ct);
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        using var container = CliHarness.ContainerFor(environment);

        var atNight1 = await AccountAsync(emulator);
        await RunAsync(environment, "night-1");
        var afterNight1 = await BlobsAsync(container);

        var pdfs = atNight1.Values.Where(f => f.Path.EndsWith(".pdf", StringComparison.Ordinal)).OrderBy(f => f.ItemId, StringComparer.Ordinal).Take(3).ToList();
        var (changed, renamed, deleted) = (pdfs[0], pdfs[1], pdfs[2]);
        emulator.Mutations.ChangeFile(changed.ItemId, 5_555);
        emulator.Mutations.RenameFile(renamed.ItemId, "renamed later.pdf");
        emulator.Mutations.DeleteFile(deleted.ItemId);
        var added = emulator.Mutations.AddFile(changed.FolderId, "added later.txt", 4_321);
        var atNight2 = await AccountAsync(emulator);
        await RunAsync(environment, "night-2");
        var afterNight2 = await BlobsAsync(container);
        await RunAsync(environment, "night-3");
        var afterNight3 = await BlobsAsync(container);

        // Restored by run id and by time, each night is exactly the account it saw (path → SHA-256).
        var night1 = await ManifestAsync(environment, "night-1");
        var night2 = await ManifestAsync(environment, "night-2");
        var between = night1.Summary.FinishedAt; // after night 1 finished, before night 2 did
        Assert.True(between < night2.Summary.FinishedAt);
        AssertSame(Expected(atNight1, night1), await RestoreAsync(environment, "night-1", "--run", "night-1"));
        AssertSame(Expected(atNight2, night2), await RestoreAsync(environment, "night-2", "--run", "night-2"));
        AssertSame(Expected(atNight1, night1), await RestoreAsync(environment, "as-of", "--as-of", between.ToString("O")));
        AssertSame(Expected(atNight2, night2), await RestoreAsync(environment, "latest", "--run", "latest"));

        // Write-once: every blob present after night 1 is still there, unchanged (same ETag), after nights 2 and 3.
        Assert.All(afterNight1, blob => Assert.Equal(blob.Value, afterNight2.GetValueOrDefault(blob.Key)));
        Assert.All(afterNight2, blob => Assert.Equal(blob.Value, afterNight3.GetValueOrDefault(blob.Key)));

        // Night 2 stored bytes only for the changed and the added file: the rename points at night 1's blob.
        var newData = afterNight2.Keys.Except(afterNight1.Keys).Where(name => !name.StartsWith(BlobNames.ReservedPrefix + "/", StringComparison.Ordinal)).ToList();
        Assert.Equal(2, newData.Count);
        var renamedNow = night2.Files.Single(e => e.ItemId == renamed.ItemId && e.Status == ManifestStatus.Unchanged);
        Assert.EndsWith("/renamed later.pdf", renamedNow.Path, StringComparison.Ordinal);
        Assert.Equal(night1.Files.Single(e => e.ItemId == renamed.ItemId).BlobName, renamedNow.BlobName);
        Assert.Contains(night2.Files, e => e.ItemId == added.Id && e.Status == ManifestStatus.Copied);

        // Night 3 (nothing changed) added nothing outside its own run folder.
        Assert.All(afterNight3.Keys.Except(afterNight2.Keys), name => Assert.StartsWith(RunLayout.RunFolder("night-3"), name, StringComparison.Ordinal));

        // The changed file's history: version 1 in night 1's blob, its new version in nights 2 and 3.
        var history = await CliHarness.InvokeAsync(environment, "history", changed.Path, "--json");
        Assert.True(history.ExitCode == 0, history.ToString());
        using var json = JsonDocument.Parse(history.Output);
        var rows = json.RootElement.GetProperty("runs").EnumerateArray()
            .Select(r => (r.GetProperty("runId").GetString(), r.GetProperty("versionNumber").GetInt32(), r.GetProperty("blobName").GetString())).ToList();
        Assert.Equal(["night-1", "night-2", "night-3"], rows.Select(r => r.Item1));
        Assert.True(rows[0].Item2 < rows[1].Item2 && rows[1] == rows[2] with { Item1 = "night-2" }, string.Join("; ", rows));
        Assert.NotEqual(rows[0].Item3, rows[1].Item3);
    }

    [Fact]
    public async Task RenamedAncestorFolder_NextNight_StoresNoBytesAndEachNightRestoresUnderItsOwnNames()
    {
        var ct = CancellationToken.None;
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ct);
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        using var container = CliHarness.ContainerFor(environment);

        var atNight1 = await AccountAsync(emulator);
        await RunAsync(environment, "night-1");
        var afterNight1 = await BlobsAsync(container);

        // A folder with files of its own and a sub-folder with files: the sub-folder's rollup does not move, so night 2
        // carries it without listing it, and must re-home it under the new name.
        var ancestor = atNight1.Values
            .Where(f => atNight1.Values.Any(d => d.ProjectId == f.ProjectId && d.FolderSegments.Count > f.FolderSegments.Count
                && d.FolderSegments.Take(f.FolderSegments.Count).SequenceEqual(f.FolderSegments)))
            .OrderBy(f => f.FolderSegments.Count).ThenBy(f => f.ItemId, StringComparer.Ordinal).First();
        var beneath = atNight1.Values.Where(f => f.ProjectId == ancestor.ProjectId && f.FolderSegments.Count >= ancestor.FolderSegments.Count
            && f.FolderSegments.Take(ancestor.FolderSegments.Count).SequenceEqual(ancestor.FolderSegments)).ToList();
        emulator.Mutations.RenameFolder(ancestor.FolderId, "Renamed folder");
        var atNight2 = await AccountAsync(emulator);
        Assert.All(beneath, f => Assert.Contains("/Renamed folder/", "/" + atNight2[f.ItemId].Path, StringComparison.Ordinal));
        await RunAsync(environment, "night-2");
        var afterNight2 = await BlobsAsync(container);

        // No bytes for the renamed subtree: night 2 wrote nothing outside its run folder, and rewrote nothing.
        Assert.All(afterNight2.Keys.Except(afterNight1.Keys), name => Assert.StartsWith(RunLayout.RunFolder("night-2"), name, StringComparison.Ordinal));
        Assert.All(afterNight1, blob => Assert.Equal(blob.Value, afterNight2.GetValueOrDefault(blob.Key)));

        // Night 2 knows every file beneath by its new path, pointing at night 1's blob; each night restores under its own names.
        var night1 = await ManifestAsync(environment, "night-1");
        var night2 = await ManifestAsync(environment, "night-2");
        Assert.All(beneath, f =>
        {
            var now = night2.Files.Single(e => e.ItemId == f.ItemId && e.IsStored);
            Assert.Equal(night1.Files.Single(e => e.ItemId == f.ItemId).BlobName, now.BlobName);
            Assert.Contains("/Renamed folder/", now.Place, StringComparison.Ordinal);
        });
        AssertSame(Expected(atNight1, night1), await RestoreAsync(environment, "renamed-1", "--run", "night-1"));
        AssertSame(Expected(atNight2, night2), await RestoreAsync(environment, "renamed-2", "--run", "night-2"));
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private static void AssertSame(SortedDictionary<string, string> expected, SortedDictionary<string, string> restored)
    {
        var missing = expected.Keys.Except(restored.Keys).ToList();
        var extra = restored.Keys.Except(expected.Keys).ToList();
        var different = expected.Keys.Intersect(restored.Keys).Where(k => expected[k] != restored[k]).ToList();
        Assert.True(missing.Count + extra.Count + different.Count == 0,
            $"missing: {string.Join(", ", missing)}; extra: {string.Join(", ", extra)}; different: {string.Join(", ", different)}");
    }

    private static async Task RunAsync(Dictionary<string, string?> environment, string runId)
    {
        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", runId, "--json");
        Assert.True(run.ExitCode == 0, run.ToString());
    }

    /// <summary>The account's files with bytes, by item: what a restore of a night that saw it must reproduce.</summary>
    private static async Task<Dictionary<string, TruthFile>> AccountAsync(EmulatorServer emulator) =>
        (await emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None)).Where(f => f.HasStorage).ToDictionary(f => f.ItemId);

    /// <summary>The account's files as a restore must write them: at the place the night's manifest gives each (its ACC path,
    /// made safe for file names: the demo has names with ':', '?', control characters, trailing dots), with the account's bytes.</summary>
    private static SortedDictionary<string, string> Expected(Dictionary<string, TruthFile> account, RunManifest night)
    {
        var expected = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var file in account.Values)
        {
            var entry = night.Files.Single(e => e.ItemId == file.ItemId && e.IsStored);
            Assert.Equal((file.ProjectName + "/" + file.Path, file.VersionId), (entry.Path, entry.VersionId));
            expected[entry.Place!] = file.Sha256!;
        }

        return expected;
    }

    private async Task<SortedDictionary<string, string>> RestoreAsync(Dictionary<string, string?> environment, string folder, params string[] which)
    {
        var target = Path.Combine(scratch, folder);
        var result = await CliHarness.InvokeAsync(environment, ["restore", .. which, "--to", target]);
        Assert.True(result.ExitCode == 0, result.ToString());
        var restored = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var file in Directory.GetFiles(target, "*", SearchOption.AllDirectories))
        {
            await using var stream = File.OpenRead(file);
            restored[Path.GetRelativePath(target, file).Replace('\\', '/')] = Convert.ToHexStringLower(await SHA256.HashDataAsync(stream));
        }

        return restored;
    }

    /// <summary>Every blob of the backup container with its ETag: what write-once must keep exactly as it was.</summary>
    private static async Task<Dictionary<string, string>> BlobsAsync(BlobContainer container)
    {
        var blobs = new Dictionary<string, string>(StringComparer.Ordinal);
        await foreach (var blob in container.ListAsync(null, CancellationToken.None))
        {
            blobs[blob.Name] = blob.ETag;
        }

        return blobs;
    }

    private static async Task<RunManifest> ManifestAsync(Dictionary<string, string?> environment, string runId)
    {
        var (reader, clients) = CliHarness.ReaderFor(environment);
        using (clients)
        {
            return await reader.ReadAsync(runId, CancellationToken.None);
        }
    }
}
