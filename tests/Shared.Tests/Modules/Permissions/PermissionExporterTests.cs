using System.Text;
using System.Text.Json;
using AccBackup.Modules;
using AccBackup.Modules.Permissions;
using AccEmulator.DocsPermissions;
using AccEmulator.Endpoints;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Time.Testing;

namespace AccBackup.Tests.Modules.Permissions;

/// <summary>Folder permissions exported on the emulator and Azurite for the folders a listing found: the first night reads each
/// folder, the next reads only folders whose rollup moved and carries the rest, a full read is due after
/// <c>Permissions:FullReadEveryDays</c>; written once; no folder listed fails.</summary>
public sealed class PermissionExporterTests
{
    [Fact]
    public async Task ExportAsync_FirstNight_EveryListedFolderEqualsTheTruthACsvRowPerSubject()
    {
        await using var fixture = await StartAsync();
        var (host, listing) = (fixture.Host, fixture.Listing);
        var projectId = host.ProjectId(0);

        var counts = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        var snapshot = (await PermissionSnapshotReader.ReadAsync(host.Container, "run-1", projectId, CancellationToken.None))!;
        AssertEqualsTruth(host, projectId, snapshot);
        Assert.Equal((listing.Folders.Count, (long)listing.Folders.Count), (snapshot.Folders.Count, counts[PermissionExporter.Counts.FoldersRead]));
        Assert.Equal(listing.Folders.Count, host.Emulator.GetStats().Count(EndpointCategory.FolderPermissions));
        await using var csv = await host.Container.OpenReadAsync(PermissionLayout.Csv("run-1", projectId), null, null, CancellationToken.None);
        using var reader = new StreamReader(csv, Encoding.UTF8);
        var lines = (await reader.ReadToEndAsync()).Split("\r\n", StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(counts[PermissionExporter.Counts.Subjects] + 1, lines.Length);
        Assert.StartsWith("folderPath,subjectType,name,email,subjectStatus,actions,inheritActions,", lines[0], StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExportAsync_NextNightOneFolderMoved_ReadsOnlyItUntilTheFullReadIsDue()
    {
        await using var fixture = await StartAsync();
        var (host, listing, clock) = (fixture.Host, fixture.Listing, fixture.Clock);
        var projectId = host.ProjectId(0);
        await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        var moved = listing.Folders[1].Id;
        var quiet = listing.Folders[^1].Id;
        var newcomer = new FolderSubject("NEWUSER9", "NEWUSER9", "Pia New", "pia@example.com", "PROJECT_MEMBER", "USER", "ACTIVE");
        host.Emulator.FolderPermissionMutations.Set(moved, newcomer, FolderPermissionLevels.Create);
        host.Emulator.FolderPermissionMutations.Set(quiet, newcomer, FolderPermissionLevels.ViewOnly);
        listing.Touch(moved, TimeSpan.FromHours(1));
        clock.Advance(TimeSpan.FromDays(1));
        host.Emulator.ResetStats();

        var counts = await Exporter(host).ExportAsync(Input("run-2", projectId, "run-1"), CancellationToken.None);

        Assert.Equal((1L, 1), (counts[PermissionExporter.Counts.FoldersRead], host.Emulator.GetStats().Count(EndpointCategory.FolderPermissions)));
        var night2 = (await PermissionSnapshotReader.ReadAsync(host.Container, "run-2", projectId, CancellationToken.None))!;
        Assert.Equal(listing.Folders.Count, night2.Folders.Count);
        Assert.Contains(night2.Folders.Single(f => f.FolderId == moved).Permissions, s => s.GetProperty("subjectId").GetString() == "NEWUSER9");
        // The quiet folder's change moved no time: carried until the full read, a week after the first.
        Assert.DoesNotContain(night2.Folders.Single(f => f.FolderId == quiet).Permissions, s => s.GetProperty("subjectId").GetString() == "NEWUSER9");
        Assert.Equal("run-1", night2.BasedOnRunId);

        clock.Advance(TimeSpan.FromDays(6));
        var full = await Exporter(host).ExportAsync(Input("run-3", projectId, "run-2"), CancellationToken.None);

        Assert.Equal((long)listing.Folders.Count, full[PermissionExporter.Counts.FoldersRead]);
        AssertEqualsTruth(host, projectId, (await PermissionSnapshotReader.ReadAsync(host.Container, "run-3", projectId, CancellationToken.None))!);
    }

    [Fact]
    public async Task ExportAsync_SameRunAgain_ReturnsWhatTheFirstWroteWithoutCalls()
    {
        await using var fixture = await StartAsync();
        var host = fixture.Host;
        var projectId = host.ProjectId(0);
        var first = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);
        host.Emulator.ResetStats();

        var again = await Exporter(host).ExportAsync(Input("run-1", projectId, null), CancellationToken.None);

        Assert.Equal((first[PermissionExporter.Counts.Folders], first[PermissionExporter.Counts.Subjects]), (again[PermissionExporter.Counts.Folders], again[PermissionExporter.Counts.Subjects]));
        Assert.Equal(0, host.Emulator.GetStats().Count(EndpointCategory.FolderPermissions));
    }

    [Fact]
    public async Task ExportAsync_NoFolderListed_ThrowsNamingTheProject()
    {
        await using var fixture = await StartAsync(withoutFolders: true);
        var (host, listing) = (fixture.Host, fixture.Listing);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => Exporter(host).ExportAsync(Input("run-1", host.ProjectId(0), null), CancellationToken.None));

        Assert.Contains("Demo Tower", error.Message, StringComparison.Ordinal);
        Assert.Null(await PermissionSnapshotReader.ReadAsync(host.Container, "run-1", host.ProjectId(0), CancellationToken.None));
        Assert.Equal(1, listing.Reads);
    }

    private static void AssertEqualsTruth(ModulesHost host, string projectId, PermissionSnapshot snapshot)
    {
        using var truth = host.Emulator.FolderPermissionTruth.Get(projectId);
        var folders = truth.RootElement.GetProperty("projects")[0].GetProperty("folders").EnumerateArray().ToDictionary(f => f.GetProperty("folderId").GetString()!);
        Assert.All(snapshot.Folders, f => Assert.True(JsonElement.DeepEquals(folders[f.FolderId].GetProperty("permissions"), JsonSerializer.SerializeToElement(f.Permissions)), f.Path));
        Assert.Contains(snapshot.Folders, f => f.Permissions.Count > 0);
    }

    private static ModuleExportInput Input(string runId, string projectId, string? baseRunId) =>
        new(ModuleNames.Permissions, runId, projectId, "Demo Tower", baseRunId, "0000");

    private static async Task<Fixture> StartAsync(bool withoutFolders = false)
    {
        var clock = new FakeTimeProvider(new DateTimeOffset(2026, 11, 1, 2, 0, 0, TimeSpan.Zero));
        TruthListing? listing = null;
        var host = await ModulesHost.StartAsync(configure: services =>
        {
            services.AddSingleton<TimeProvider>(clock);
            services.AddSingleton<IListedProjectReader>(sp => listing!);
        });
        using var truth = host.Emulator.FolderPermissionTruth.Get(host.ProjectId(0));
        listing = new TruthListing(truth.RootElement.GetProperty("projects")[0], withoutFolders);
        return new Fixture(host, listing, clock);
    }

    private sealed record Fixture(ModulesHost Host, TruthListing Listing, FakeTimeProvider Clock) : IAsyncDisposable
    {
        public ValueTask DisposeAsync() => Host.DisposeAsync();
    }

    private static PermissionExporter Exporter(ModulesHost host) =>
        host.Services.GetServices<IProjectModuleExporter>().OfType<PermissionExporter>().Single();
}
