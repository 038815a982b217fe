using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Control;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary>Backup:Versions = All: a version made and superseded between two nights is stored too, in its own write-once
/// blob, and <c>restore --path … --version N</c> brings back exactly its bytes; Latest (the default) stores the tip only.</summary>
public sealed class EarlierVersionsTests : IDisposable
{
    private readonly string scratch = Directory.CreateTempSubdirectory("acc-backup-versions-").FullName;

    [Fact]
    public async Task RunWithVersionsAll_TwoNewVersionsBetweenNights_StoresBothAndRestoresTheIntermediateExactly()
    {
        var ct = CancellationToken.None;
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled }, ct);
        var all = await EnvironmentAsync(emulator, "All");
        var latest = await EnvironmentAsync(emulator, null);
        using var allContainer = CliHarness.ContainerFor(all);
        using var latestContainer = CliHarness.ContainerFor(latest);

        var file = (await AccountAsync(emulator)).Values.Where(f => f.Path.EndsWith(".pdf", StringComparison.Ordinal)).OrderBy(f => f.ItemId, StringComparer.Ordinal).First();
        await RunAsync(all, "night-1");
        await RunAsync(latest, "night-1");
        var allAfterNight1 = await BlobsAsync(allContainer);
        var latestAfterNight1 = await BlobsAsync(latestContainer);

        // Two new versions of one file between the nights: the first is superseded before night 2 sees it.
        emulator.Mutations.ChangeFile(file.ItemId, 6_001);
        var intermediate = (await AccountAsync(emulator))[file.ItemId];
        emulator.Mutations.ChangeFile(file.ItemId, 7_003);
        var tip = (await AccountAsync(emulator))[file.ItemId];
        Assert.Equal((file.VersionNumber + 1, file.VersionNumber + 2), (intermediate.VersionNumber, tip.VersionNumber));
        Assert.NotEqual(intermediate.Sha256, tip.Sha256);

        emulator.ResetStats();
        await RunAsync(all, "night-2");
        var versionListsWithAll = emulator.GetStats().Count(EndpointCategory.ItemVersions);
        emulator.ResetStats();
        await RunAsync(latest, "night-2");
        var versionListsWithLatest = emulator.GetStats().Count(EndpointCategory.ItemVersions);

        // All: one version-list call (the only item with versions between the stored one and its tip), and both new
        // versions stored, each in its own new blob; the intermediate one is marked and counted apart.
        Assert.Equal((1, 0), (versionListsWithAll, versionListsWithLatest));
        var allNight2 = await ManifestAsync(all, "night-2");
        var earlier = Assert.Single(allNight2.Files, e => e.EarlierVersion);
        Assert.Equal((file.ItemId, intermediate.VersionId, intermediate.VersionNumber, ManifestStatus.Copied, intermediate.Sha256),
            (earlier.ItemId, earlier.VersionId, earlier.VersionNumber, earlier.Status, earlier.Sha256));
        var tipEntry = allNight2.Files.Single(e => e.ItemId == file.ItemId && !e.EarlierVersion);
        Assert.Equal((tip.VersionNumber, ManifestStatus.Copied, tip.Sha256), (tipEntry.VersionNumber, tipEntry.Status, tipEntry.Sha256));
        Assert.Equal((1L, 1L), (allNight2.Summary.EarlierVersions, allNight2.Summary.Copied));
        Assert.Equal(earlier.Place, tipEntry.Place);
        Assert.EndsWith($".v{intermediate.VersionNumber}.pdf", earlier.BlobName, StringComparison.Ordinal);
        var allAfterNight2 = await BlobsAsync(allContainer);
        Assert.Equal(new[] { earlier.BlobName!, tipEntry.BlobName! }.Order(StringComparer.Ordinal), DataBlobs(allAfterNight2.Keys.Except(allAfterNight1.Keys)));
        Assert.All(allAfterNight1, blob => Assert.Equal(blob.Value, allAfterNight2.GetValueOrDefault(blob.Key)));

        // Latest (the default) behaves as before: the tip only.
        var latestNight2 = await ManifestAsync(latest, "night-2");
        Assert.DoesNotContain(latestNight2.Files, e => e.EarlierVersion || (e.ItemId == file.ItemId && e.VersionNumber == intermediate.VersionNumber));
        Assert.Equal((0L, allNight2.Summary.Files, allNight2.Summary.Bytes), (latestNight2.Summary.EarlierVersions, latestNight2.Summary.Files, latestNight2.Summary.Bytes));
        Assert.Equal([tipEntry.BlobName!], DataBlobs((await BlobsAsync(latestContainer)).Keys.Except(latestAfterNight1.Keys)));

        // restore --version: exactly the intermediate's bytes, at the file's place, from the run that holds it.
        var target = Path.Combine(scratch, "version");
        var restored = await CliHarness.InvokeAsync(all, "restore", "--path", tip.ProjectName + "/" + tip.Path, "--version", $"{intermediate.VersionNumber}", "--to", target, "--json");
        Assert.True(restored.ExitCode == 0, restored.ToString());
        Assert.Equal("night-2", JsonDocument.Parse(restored.Output).RootElement.GetProperty("runId").GetString());
        Assert.Equal([earlier.Place!], Files(target).Keys);
        Assert.Equal(intermediate.Sha256, await Sha256Async(Path.Combine(target, earlier.Place!)));

        // A plain restore of the night is the account as it was: the tip at that place, no earlier version.
        var night = Path.Combine(scratch, "night-2");
        var plain = await CliHarness.InvokeAsync(all, "restore", "--run", "night-2", "--to", night);
        Assert.True(plain.ExitCode == 0, plain.ToString());
        Assert.Equal(allNight2.Files.Count(e => e.IsStored && !e.EarlierVersion), Files(night).Count);
        Assert.Equal(tip.Sha256, await Sha256Async(Path.Combine(night, tipEntry.Place!)));

        // The usual safety: the tip there is not overwritten by the older version without --overwrite; with it, it is.
        var refused = await CliHarness.InvokeAsync(all, "restore", "--path", tip.Path, "--version", $"{intermediate.VersionNumber}", "--to", night);
        Assert.True(refused.ExitCode == 2, refused.ToString());
        Assert.Equal(tip.Sha256, await Sha256Async(Path.Combine(night, tipEntry.Place!)));
        var replaced = await CliHarness.InvokeAsync(all, "restore", "--path", tip.Path, "--version", $"{intermediate.VersionNumber}", "--to", night, "--overwrite");
        Assert.True(replaced.ExitCode == 0, replaced.ToString());
        Assert.Equal(intermediate.Sha256, await Sha256Async(Path.Combine(night, tipEntry.Place!)));

        // A version no run holds is refused, naming it.
        var missing = await CliHarness.InvokeAsync(latest, "restore", "--path", tip.Path, "--version", $"{intermediate.VersionNumber}", "--to", Path.Combine(scratch, "none"));
        Assert.True(missing.ExitCode == 1 && missing.Error.Contains($"No kept run holds version {intermediate.VersionNumber}", StringComparison.Ordinal), missing.ToString());

        // history lists the earlier version beside the tips; a night with no change carries no earlier version as a file.
        await RunAsync(all, "night-3");
        var history = await CliHarness.InvokeAsync(all, "history", tip.Path, "--json");
        Assert.True(history.ExitCode == 0, history.ToString());
        var rows = JsonDocument.Parse(history.Output).RootElement.GetProperty("runs").EnumerateArray()
            .Select(r => (r.GetProperty("runId").GetString(), r.GetProperty("versionNumber").GetInt32(), r.GetProperty("earlierVersion").GetBoolean())).ToList();
        Assert.Equal(
            [("night-1", file.VersionNumber, false), ("night-2", intermediate.VersionNumber, true), ("night-2", tip.VersionNumber, false), ("night-3", tip.VersionNumber, false)],
            rows);
        var allNight3 = await ManifestAsync(all, "night-3");
        Assert.Equal(0L, allNight3.Summary.EarlierVersions);
        Assert.DoesNotContain(allNight3.Files, e => e.EarlierVersion);
    }

    public void Dispose() => Directory.Delete(scratch, recursive: true);

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator, string? versions)
    {
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        if (versions is not null)
        {
            environment["Backup__Versions"] = versions;
        }

        return environment;
    }

    private static async Task RunAsync(Dictionary<string, string?> environment, string runId)
    {
        var run = await CliHarness.InvokeAsync(environment, "run", "--run-id", runId, "--json");
        Assert.True(run.ExitCode == 0, run.ToString());
    }

    private static async Task<Dictionary<string, TruthFile>> AccountAsync(EmulatorServer emulator) =>
        (await emulator.Truth.GetFilesAsync(TruthHashing.All, CancellationToken.None)).Where(f => f.HasStorage).ToDictionary(f => f.ItemId);

    private static List<string> DataBlobs(IEnumerable<string> names) =>
        [.. names.Where(name => !name.StartsWith(BlobNames.ReservedPrefix + "/", StringComparison.Ordinal)).Order(StringComparer.Ordinal)];

    private static SortedDictionary<string, string> Files(string folder) => new(
        Directory.GetFiles(folder, "*", SearchOption.AllDirectories).ToDictionary(f => Path.GetRelativePath(folder, f).Replace('\\', '/'), f => f),
        StringComparer.Ordinal);

    private static async Task<string> Sha256Async(string path)
    {
        await using var stream = File.OpenRead(path);
        return Convert.ToHexStringLower(await SHA256.HashDataAsync(stream));
    }

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
