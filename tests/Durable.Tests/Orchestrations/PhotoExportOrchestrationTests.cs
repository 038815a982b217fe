using System.Security.Cryptography;
using System.Text.Json;
using AccBackup.Durable.Orchestrations;
using AccBackup.Modules.Photos;
using AccBackup.Runs;
using AccBackup.Runs.Activities;
using AccEmulator;
using AccEmulator.Auth;
using AccEmulator.Endpoints;
using AccEmulator.Quotas;
using Microsoft.DurableTask.Client;

namespace AccBackup.Durable.Tests.Orchestrations;

/// <summary>The orchestration keeps each project's Photos through the ExportModule activity: night 1 and night 2 each equal to the
/// emulator's truth at that night (records, bytes by SHA-256, links), night 2 fetching the new photo's bytes alone and syncing only
/// the links changed since night 1's token (calls counted).</summary>
public sealed class PhotoExportOrchestrationTests
{
    [Fact]
    public async Task BackupRun_TwoNightsWithPhotosAddedDeletedAndRelinked_EachNightEqualsItsTruthAndNightTwoReadsOnlyChanges()
    {
        using var key = RSA.Create(2048);
        await using var host = await DurableBackupHost.StartAsync(
            new EmulatorOptions { Dataset = EmulatorDatasets.Demo, Quotas = QuotaOptions.Disabled },
            new Dictionary<string, string?>
            {
                ["Issues:ServiceAccountId"] = "SSA-DURABLE-P",
                ["Issues:KeyId"] = "durable-key-p",
                ["Issues:PrivateKey"] = key.ExportRSAPrivateKeyPem(),
                ["Backup:Modules"] = "files,photos",
            });
        host.Emulator.RegisterServiceAccount(new EmulatedServiceAccount("SSA-DURABLE-P", "durable-key-p", key.ExportSubjectPublicKeyInfoPem()));

        var night1 = await host.RunAsync("photos-night-1", new BackupRunInput(new BackupRunRequest(), host.Settings));
        Assert.Equal(OrchestrationRuntimeStatus.Completed, night1.RuntimeStatus);
        using var truth1 = await host.Emulator.PhotoTruth.GetAsync();
        var projects = truth1.RootElement.GetProperty("projects").EnumerateArray().ToList();
        var tower = projects[0];
        var added = host.Emulator.PhotoMutations.Add("b." + tower.GetProperty("projectId").GetString(), "VID_9400.mp4", 90_000, video: true);
        host.Emulator.PhotoMutations.Link(added, "autodesk-construction-rfi", "rfi", Guid.NewGuid().ToString("D"));
        host.Emulator.PhotoMutations.Unlink(Guid.Parse(tower.GetProperty("links")[2].GetProperty("id").GetString()!));
        host.Emulator.PhotoMutations.Update(Guid.Parse(tower.GetProperty("photos")[0].GetProperty("photo").GetProperty("id").GetString()!), description: "Rebar, north bay");
        host.Emulator.ResetStats();

        var night2 = await host.RunAsync("photos-night-2", new BackupRunInput(new BackupRunRequest(), host.Settings));

        Assert.Equal(OrchestrationRuntimeStatus.Completed, night2.RuntimeStatus);
        Assert.Equal(("Succeeded", 0), (night2.ReadOutputAs<BackupRunOutcome>()!.Status, night2.ReadOutputAs<BackupRunOutcome>()!.ModuleGaps));
        var stats = host.Emulator.GetStats();
        Assert.Equal((projects.Count, projects.Count, 1), (stats.Count(EndpointCategory.Photos), stats.Count(EndpointCategory.Relationships), stats.Count(EndpointCategory.Download)));
        using var truth2 = await host.Emulator.PhotoTruth.GetAsync();
        foreach (var (now, before) in truth2.RootElement.GetProperty("projects").EnumerateArray().Zip(projects))
        {
            await AssertEqualsTruthAsync(now, host, "photos-night-2");
            await AssertEqualsTruthAsync(before, host, "photos-night-1");
        }

        var summary = (await host.Manifests.ReadAsync("photos-night-2", CancellationToken.None)).Summary;
        Assert.Equal((1L, 1L, 1L), (summary.Modules!.Modules.Single().Counts[PhotoExporter.Counts.PhotosStored],
            summary.Modules.Modules.Single().Counts[PhotoExporter.Counts.LinksAdded], summary.Modules.Modules.Single().Counts[PhotoExporter.Counts.LinksRemoved]));
    }

    private static async Task AssertEqualsTruthAsync(JsonElement truthProject, DurableBackupHost host, string runId)
    {
        var snapshot = await PhotoSnapshotReader.ReadAsync(host.Container, runId, truthProject.GetProperty("projectId").GetString()!, CancellationToken.None);
        Assert.NotNull(snapshot);
        var photos = truthProject.GetProperty("photos").EnumerateArray().ToList();
        Assert.Equal(photos.Count, snapshot.Photos.Count);
        foreach (var (truth, exported) in photos.Zip(snapshot.Photos))
        {
            Assert.True(JsonElement.DeepEquals(truth.GetProperty("photo"), exported.Photo), exported.Photo.ToString());
            Assert.Equal(truth.GetProperty("sha256").GetString(), exported.Stored?.Sha256);
            await using var bytes = await host.Container.OpenReadAsync(exported.Stored!.BlobName, null, null, CancellationToken.None);
            Assert.Equal(exported.Stored.Sha256, Convert.ToHexStringLower(await SHA256.HashDataAsync(bytes)));
        }

        Assert.True(JsonElement.DeepEquals(truthProject.GetProperty("links"), JsonSerializer.SerializeToElement(snapshot.Links)), "links differ");
    }
}
