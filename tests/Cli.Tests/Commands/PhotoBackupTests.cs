using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Manifest;
using AccBackup.Modules.Photos;
using AccBackup.Storage;
using AccEmulator;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Faults;
using AccEmulator.Quotas;

namespace AccBackup.Cli.Tests.Commands;

/// <summary><c>acc-backup run</c> keeping ACC Photos on the emulator: each night equal to its truth (records, bytes by SHA-256, links),
/// night 2 fetching only the new photo's bytes and syncing only changed links (calls counted), <c>restore --modules photos</c> writing
/// night 1, and Photos faulted one night failing alone and filled the next.</summary>
public sealed class PhotoBackupTests
{
    private const string ServiceAccountId = "SSA-CLI-PHOTOS";
    private const string KeyId = "cli-photos-key";

    [Fact]
    public async Task Run_TwoNightsWithPhotoChanges_EachNightEqualsItsTruthOnlyTheNewPhotoFetchedAndRestoreWritesNightOne()
    {
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled });
        using var key = RSA.Create(2048);
        var environment = await EnvironmentAsync(emulator, key);
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");
        Assert.True(night1.ExitCode == 0, night1.ToString());
        using var truth1 = await emulator.PhotoTruth.GetAsync();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var photos1 = (await ManifestAsync(environment, "night-1")).Summary.Modules!.Modules.Single();
        Assert.Equal(("photos", projects.Count), (photos1.Module, photos1.Projects));
        Assert.Equal(projects.Sum(p => p.GetProperty("photos").GetArrayLength()), photos1.Counts[PhotoExporter.Counts.Photos]);
        var tower = projects[0];
        var towerId = "b." + tower.GetProperty("projectId").GetString();
        var added = emulator.PhotoMutations.Add(towerId, "IMG_9300.jpg", 31_000);
        emulator.PhotoMutations.Link(added, "autodesk-construction-issue", "issue", Guid.NewGuid().ToString("D"));
        emulator.PhotoMutations.Delete(Guid.Parse(tower.GetProperty("photos")[3].GetProperty("photo").GetProperty("id").GetString()!));
        emulator.ResetStats();

        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        var stats = emulator.GetStats();
        // Per project one listing page and one sync answer; the new photo's bytes alone.
        Assert.Equal((projects.Count, projects.Count), (stats.Count(EndpointCategory.Photos), stats.Count(EndpointCategory.Relationships)));
        var counts2 = (await ManifestAsync(environment, "night-2")).Summary.Modules!.Modules.Single().Counts;
        Assert.Equal((1L, 1L, 0L), (counts2[PhotoExporter.Counts.PhotosStored], counts2[PhotoExporter.Counts.PhotosNoLongerListed], counts2[PhotoExporter.Counts.LinksFullRead]));
        using var truth2 = await emulator.PhotoTruth.GetAsync();
        foreach (var (now, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            await AssertEqualsTruthAsync(now, container, "night-2");
            await AssertEqualsTruthAsync(before, container, "night-1");
        }

        var target = Directory.CreateTempSubdirectory("acc-backup-photos-").FullName;
        var restored = await CliHarness.InvokeAsync(environment, "restore", "--run", "night-1", "--modules", "photos", "--to", target, "--json");

        Assert.True(restored.ExitCode == 0, restored.ToString());
        var written = Directory.GetFiles(target, "*", SearchOption.AllDirectories).Where(f => Path.GetFileName(Path.GetDirectoryName(f)) == "files")
            .Select(f => Convert.ToHexStringLower(SHA256.HashData(File.ReadAllBytes(f))));
        var expected = projects.SelectMany(p => p.GetProperty("photos").EnumerateArray()).Select(p => p.GetProperty("sha256").GetString()!);
        Assert.Equal(expected.Order(StringComparer.Ordinal), written.Order(StringComparer.Ordinal));
        Assert.Equal(projects.Count, Directory.GetFiles(target, "links.csv", SearchOption.AllDirectories).Length);
        Directory.Delete(target, recursive: true);
    }

    [Fact]
    public async Task Run_PhotosFaultedOneNight_PhotosFailAloneAndTheNextNightFillsThem()
    {
        var faults = FaultOptions.None.With(EndpointCategory.Photos, new EndpointFaults { ServerErrorRate = 1 });
        await using var emulator = await EmulatorServer.StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled, Faults = faults });
        using var key = RSA.Create(2048);
        var environment = await EnvironmentAsync(emulator, key);
        environment["Backup__Modules"] = "files,rfis,photos";
        environment["Aps__Retry__MaxDuration"] = "00:00:02";
        environment["Aps__Retry__MaxDelay"] = "00:00:00.200";
        environment["Aps__Retry__BaseDelay"] = "00:00:00.050";
        environment["Aps__Retry__WarnAfter"] = "00:00:01";
        using var container = CliHarness.ContainerFor(environment);

        var night1 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-1");

        Assert.True(night1.ExitCode == ExitCodes.Incomplete, night1.ToString());
        var summary1 = (await ManifestAsync(environment, "night-1")).Summary;
        Assert.Equal(("CompletedWithErrors", 0L, 0), (summary1.Status, summary1.Failed, summary1.FailedProjects.Count));
        Assert.True(summary1.Copied > 0);
        Assert.Equal(summary1.Projects, summary1.Modules!.Coverage.Count);
        Assert.All(summary1.Modules.Coverage, g => Assert.Equal(("photos", ModuleGapReason.Failed), (g.Module, g.Reason)));
        Assert.Equal(summary1.Projects, summary1.Modules.Modules.Single(m => m.Module == "rfis").Projects);

        emulator.Faults = FaultOptions.None;
        var night2 = await CliHarness.InvokeAsync(environment, "run", "--run-id", "night-2");

        Assert.True(night2.ExitCode == 0, night2.ToString());
        using var truth = await emulator.PhotoTruth.GetAsync();
        foreach (var project in truth.RootElement.GetProperty("projects").EnumerateArray())
        {
            await AssertEqualsTruthAsync(project, container, "night-2");
        }
    }

    /// <summary>The night's Photos snapshot of a project: every photo field by field, its bytes by SHA-256 of its blob, every link.</summary>
    private static async Task AssertEqualsTruthAsync(JsonElement truthProject, BlobContainer container, string runId)
    {
        var snapshot = await PhotoSnapshotReader.ReadAsync(container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        var photos = truthProject.GetProperty("photos").EnumerateArray().ToList();
        Assert.Equal(photos.Count, snapshot.Photos.Count);
        foreach (var (truth, exported) in photos.Zip(snapshot.Photos))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("photo"), exported.Photo), exported.Photo.ToString());
            Assert.Equal(truth.GetProperty("sha256").GetString(), exported.Stored?.Sha256);
            await using var bytes = await container.OpenReadAsync(exported.Stored!.BlobName, null, null, CancellationToken.None);
            Assert.Equal(exported.Stored.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
        }

        var links = truthProject.GetProperty("links").EnumerateArray().ToList();
        Assert.Equal(links.Count, snapshot.Links.Count);
        Assert.All(links.Zip(snapshot.Links), pair => Assert.True(JsonElement.DeepEquals(pair.First, pair.Second), pair.Second.ToString()));
    }

    private static async Task<Dictionary<string, string?>> EnvironmentAsync(EmulatorServer emulator, RSA key)
    {
        emulator.RegisterServiceAccount(new EmulatedServiceAccount(ServiceAccountId, KeyId, key.ExportSubjectPublicKeyInfoPem()));
        var environment = await CliHarness.EmulatorEnvironmentAsync(emulator);
        environment["Issues__ServiceAccountId"] = ServiceAccountId;
        environment["Issues__KeyId"] = KeyId;
        environment["Issues__PrivateKey"] = key.ExportRSAPrivateKeyPem();
        environment["Backup__Modules"] = "files,photos";
        return environment;
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
