using System.Text;
using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Modules.Photos;
using AccEmulator;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;

namespace AccBackup.Tests.Modules.Photos;

/// <summary>Photos exported on the emulator and Azurite: equal to the truth night after night (records, bytes by SHA-256, links),
/// bytes fetched only for photos not stored before, links read through the sync token (calls counted), a refused token read in
/// full once, and an expired signed URL asked for again.</summary>
public sealed class PhotoExporterTests
{
    [Fact]
    public async Task ExportAsync_DemoProject_EqualsTheTruthVideosLinksAndCsvsIncluded()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        using var truth = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var snapshot = (await PhotoSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await PhotoTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Equal((12L, 2L, 12L), (counts[PhotoExporter.Counts.Photos], counts[PhotoExporter.Counts.Videos], counts[PhotoExporter.Counts.PhotosStored]));
        Assert.Equal((1L, (long)snapshot.Links.Count), (counts[PhotoExporter.Counts.LinksFullRead], counts[PhotoExporter.Counts.Links]));
        Assert.True(snapshot.Links.Count >= 7, "the demo project's photos lack links");
        Assert.Equal("full", snapshot.LinksRead);
        Assert.DoesNotContain(snapshot.Photos, p => p.Photo.TryGetProperty("signedUrls", out _));

        var lines = await LinesAsync(host, PhotoLayout.Csv("run-1", projectId));
        Assert.Equal(snapshot.Photos.Count + 1, lines.Length);
        Assert.StartsWith("title,mediaType,description,takenAt,", lines[0], StringComparison.Ordinal);
        var links = await LinesAsync(host, PhotoLayout.LinksCsv("run-1", projectId));
        Assert.Equal(snapshot.Links.Count + 1, links.Length);
        Assert.Contains(links, l => l.Contains(",autodesk-construction-rfi,rfi,", StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExportAsync_SecondNightAfterChanges_FetchesOnlyTheNewPhotoSyncsOnlyTheChangesAndEachNightEqualsItsTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        using var truth1 = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var project1 = truth1.RootElement.GetProperty("projects")[0];
        var photos = project1.GetProperty("photos").EnumerateArray().Select(p => Guid.Parse(p.GetProperty("photo").GetProperty("id").GetString()!)).ToList();
        var mutations = host.Emulator.PhotoMutations;
        var added = mutations.Add(projectId, "IMG_9100.jpg", 23_456);
        mutations.Delete(photos[11]);
        mutations.Update(photos[10], title: "IMG_1370 (facade).jpg");
        mutations.Link(added, "autodesk-construction-form", "form", Guid.NewGuid().ToString("D"));
        mutations.Unlink(Guid.Parse(project1.GetProperty("links")[0].GetProperty("id").GetString()!));
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth2 = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var night1 = (await PhotoSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        var night2 = (await PhotoSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await PhotoTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        await PhotoTruthAssert.EqualAsync(project1, night1, host.Container);
        Assert.Equal((1L, 1L, 0L, 1L), (counts[PhotoExporter.Counts.PhotosStored], counts[PhotoExporter.Counts.PhotosNoLongerListed],
            counts[PhotoExporter.Counts.LinksFullRead], counts[PhotoExporter.Counts.LinksAdded]));
        Assert.Equal("changes", night2.LinksRead);
        // One listing page, one sync answer, the new photo's bytes: nothing else.
        var stats = host.Emulator.GetStats();
        Assert.Equal((1, 1, 1), (stats.Count(EndpointCategory.Photos), stats.Count(EndpointCategory.Relationships), stats.Count(EndpointCategory.Download)));
        Assert.Equal(night1.Photos.Single(p => p.Id == photos[0].ToString("D")).Stored, night2.Photos.Single(p => p.Id == photos[0].ToString("D")).Stored);
    }

    [Fact]
    public async Task ExportAsync_SyncTokenExpiredByTheService_ReadsEveryLinkOnceAndEqualsTheTruth()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        using var truth1 = await host.Emulator.PhotoTruth.GetAsync(projectId);
        host.Emulator.PhotoMutations.Unlink(Guid.Parse(truth1.RootElement.GetProperty("projects")[0].GetProperty("links")[1].GetProperty("id").GetString()!));
        host.Emulator.PhotoMutations.ExpireSyncTokens();
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        using var truth2 = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var night2 = (await PhotoSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        await PhotoTruthAssert.EqualAsync(truth2.RootElement.GetProperty("projects")[0], night2, host.Container);
        Assert.Equal(("full", 1L), (night2.LinksRead, counts[PhotoExporter.Counts.LinksFullRead]));
        Assert.Equal(2, host.Emulator.GetStats().Count(EndpointCategory.Relationships));
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Download));
    }

    [Fact]
    public async Task ExportAsync_ListedUrlsExpiredBeforeTheirDownloads_EachPhotoAskedForAgainOnceAndStored()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        host.Emulator.PhotoMutations.ListExpiredUrls(true);

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        using var truth = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var snapshot = (await PhotoSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        await PhotoTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Equal((4L, 0L), (counts[PhotoExporter.Counts.PhotosStored], counts[PhotoExporter.Counts.PhotoFailures]));
        Assert.Equal(1 + 4, host.Emulator.GetStats().Count(EndpointCategory.Photos));
    }

    [Fact]
    public async Task ExportAsync_NightBeforeMissedTheProject_BytesStoredEarlierReadBackNotFetchedAndLinksReadInFull()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.ResetStats();

        // run-2 kept no Photos of the project (its export failed): run-3 starts from nothing but the blobs run-1 stored.
        var counts = await Exporter(host).ExportAsync(Input("run-3", projectId, "run-2"), CancellationToken.None);

        using var truth = await host.Emulator.PhotoTruth.GetAsync(projectId);
        var snapshot = (await PhotoSnapshotReader.ReadAsync(host.Container, "run-3", projectId, CancellationToken.None))!;
        await PhotoTruthAssert.EqualAsync(truth.RootElement.GetProperty("projects")[0], snapshot, host.Container);
        Assert.Equal((0L, 1L), (counts[PhotoExporter.Counts.PhotosStored], counts[PhotoExporter.Counts.LinksFullRead]));
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.Download));
    }

    [Fact]
    public async Task ExportAsync_SameRunTwice_ReturnsWhatTheFirstWroteWithoutCallingAps()
    {
        await using var host = await ModulesHost.StartAsync();
        var projectId = host.ProjectId(1);
        var first = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.ResetStats();

        var second = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        Assert.Equal((first[PhotoExporter.Counts.Photos], first[PhotoExporter.Counts.Links]), (second[PhotoExporter.Counts.Photos], second[PhotoExporter.Counts.Links]));
        Assert.Equal((0, 0), (host.Emulator.GetStats().Count(EndpointCategory.Photos), host.Emulator.GetStats().Count(EndpointCategory.Relationships)));
    }

    private static ModuleExportInput Input(string runId, string projectId, string? baseRunId) => new(ModuleNames.Photos, runId, projectId, "Demo Tower", baseRunId);

    private static async Task<string[]> LinesAsync(ModulesHost host, string blobName)
    {
        await using var csv = await host.Container.OpenReadAsync(blobName, null, null, CancellationToken.None);
        using var reader = new StreamReader(csv, Encoding.UTF8);
        return (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
    }

    private static PhotoExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<PhotoExporter>().Single();
}
