using System.Text.Json;
using AccBackup.Backup.Listing;
using AccBackup.Modules;
using AccBackup.Modules.Attributes;
using AccEmulator;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Modules.Attributes;

/// <summary>Custom attributes exported on the emulator and Azurite for the folders and versions a listing found: definitions and
/// values equal to the truth, values read 50 versions a call; the next night reads only the new versions and carries the rest.</summary>
public sealed class AttributeExporterTests
{
    [Fact]
    public async Task ExportAsync_MoreVersionsThanABatch_EqualsTheTruthInBatchesOfFifty()
    {
        await using var fixture = await StartAsync(new EmulatorOptions { Dataset = EmulatorDatasets.SeedScaled, Scale = 0.02, Projects = 2, Quotas = AccEmulator.Quotas.QuotaOptions.Disabled });
        var (host, listing) = (fixture.Host, fixture.Listing);
        var projectId = host.ProjectId(0);
        Assert.True(listing.Files.Count > AttributesClient.ValuesBatchSize, $"{listing.Files.Count} versions");

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        var snapshot = (await AttributeSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        AssertEqualsTruth(host, projectId, snapshot);
        Assert.Equal(listing.Files.Count, snapshot.Versions.Count);
        Assert.True(counts[AttributeExporter.Counts.Values] > 0);
        Assert.Equal((listing.Files.Count + AttributesClient.ValuesBatchSize - 1) / AttributesClient.ValuesBatchSize, host.Emulator.GetStats().Count(EndpointCategory.AttributeValues));
    }

    [Fact]
    public async Task ExportAsync_NextNightOneNewVersion_ReadsOnlyItsValuesInOneCall()
    {
        await using var fixture = await StartAsync();
        var (host, listing, clock) = (fixture.Host, fixture.Listing, fixture.Clock);
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        var folder = listing.Folders.First(f => f.Names.Count > 1);
        var added = host.Emulator.Mutations.AddFile(folder.Id, "Addendum 4.pdf", 12_000);
        listing.Files.Add(new InventoryRecord(projectId, "Demo Tower", added.Id, added.VersionId, 1, 12_000, null, null, "x", "Demo Tower/Addendum 4.pdf", null, "items:autodesk.bim360:File", folder.Id));
        clock.Advance(TimeSpan.FromDays(1));
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        Assert.Equal((1L, 1, 0), (counts[AttributeExporter.Counts.VersionsRead], host.Emulator.GetStats().Count(EndpointCategory.AttributeValues),
            host.Emulator.GetStats().Count(EndpointCategory.AttributeDefinitions)));
        var night2 = (await AttributeSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        AssertEqualsTruth(host, projectId, night2);
        Assert.Equal(listing.Files.Count, night2.Versions.Count);
    }

    private static void AssertEqualsTruth(ModulesHost host, string projectId, AttributeSnapshot snapshot)
    {
        using var truth = host.Emulator.AttributeTruth.Get(projectId);
        var project = truth.RootElement.GetProperty("projects")[0];
        var folders = project.GetProperty("folders").EnumerateArray().ToDictionary(f => f.GetProperty("folderId").GetString()!);
        var versions = project.GetProperty("versions").EnumerateArray().ToDictionary(v => v.GetProperty("versionId").GetString()!);
        Assert.All(snapshot.Folders, f => Assert.True(JsonElement.DeepEquals(folders[f.FolderId].GetProperty("definitions"), JsonSerializer.SerializeToElement(f.Definitions)), f.Path));
        Assert.All(snapshot.Versions, v => Assert.True(JsonElement.DeepEquals(versions[v.VersionId].GetProperty("record"), v.Record!.Value), v.Path));
        Assert.Contains(snapshot.Folders, f => f.Definitions.Count > 0);
    }

    private static ModuleExportInput Input(string runId, string projectId, string? baseRunId) =>
        new(ModuleNames.Attributes, runId, projectId, "Demo Tower", baseRunId, "0000");

    private static async Task<Fixture> StartAsync(EmulatorOptions? options = null)
    {
        var clock = new FakeTimeProvider(new DateTimeOffset(2026, 11, 1, 2, 0, 0, TimeSpan.Zero));
        TruthListing? listing = null;
        var host = await ModulesHost.StartAsync(options, configure: services =>
        {
            services.AddSingleton<TimeProvider>(clock);
            services.AddSingleton<IListedProjectReader>(sp => listing!);
        });
        var projectId = host.ProjectId(0);
        using var permissions = host.Emulator.FolderPermissionTruth.Get(projectId);
        listing = new TruthListing(permissions.RootElement.GetProperty("projects")[0]);
        // The versions the listing finds: every one the truth holds (as with Backup:Versions = All).
        using var attributes = host.Emulator.AttributeTruth.Get(projectId);
        foreach (var version in attributes.RootElement.GetProperty("projects")[0].GetProperty("versions").EnumerateArray())
        {
            var id = version.GetProperty("versionId").GetString()!;
            listing.Files.Add(new InventoryRecord(projectId, "Demo Tower", version.GetProperty("record").GetProperty("itemUrn").GetString()!, id, null, null, null, null, "x",
                "Demo Tower/" + version.GetProperty("record").GetProperty("name").GetString(), null, "items:autodesk.bim360:File"));
        }

        return new Fixture(host, listing, clock);
    }

    private sealed record Fixture(ModulesHost Host, TruthListing Listing, FakeTimeProvider Clock) : IAsyncDisposable
    {
        public ValueTask DisposeAsync() => Host.DisposeAsync();
    }

    private static AttributeExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<AttributeExporter>().Single();
}
